import ClerkWire
import Foundation
import Testing

@Suite("encodeNullable")
struct NullableEncodingTests {
    struct Card: Encodable {
        var expiresAt: Int?
        var holder: [String: String]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encodeNullable(expiresAt, forKey: "expires_at")
            try container.encodeNullable(holder, forKey: "holder")
        }
    }

    @Test("nil is written as null, the key kept; a value is written as encode(_:forKey:) writes it")
    func nullAndValue() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(Card()), as: UTF8.self) == #"{"expires_at":null,"holder":null}"#)
        let card = Card(expiresAt: 1_700_000_000, holder: ["name": "Jane"])
        #expect(String(decoding: try encoder.encode(card), as: UTF8.self) == #"{"expires_at":1700000000,"holder":{"name":"Jane"}}"#)
    }
}

import ClerkWire
import Foundation
import Testing

@Suite("Wire values: timestamps, JSON, open enums, path segments, envelopes")
struct ValueTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    private func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func timestampsAreUnixMilliseconds() throws {
        let timestamp = try decode(ClerkTimestamp.self, "1700690400123")
        #expect(timestamp.millisecondsSince1970 == 1_700_690_400_123)
        #expect(timestamp.date == Date(timeIntervalSince1970: 1_700_690_400.123))
        #expect(try encode(timestamp) == "1700690400123")
        #expect(ClerkTimestamp(Date(timeIntervalSince1970: 2)).millisecondsSince1970 == 2000)
        #expect(try decode(ClerkTimestamp.self, "1700690400000.0").millisecondsSince1970 == 1_700_690_400_000)
    }

    @Test(arguments: ["\"soon\"", "1e300", "true", "null"])
    func nonTimestampsThrowDecodingErrors(json: String) {
        #expect(throws: DecodingError.self) { try decode(ClerkTimestamp.self, json) }
    }

    @Test func jsonValuesRoundTrip() throws {
        let text = #"{"a":[1,2.5,"x",true,null,{"b":{}}],"big":9007199254740993}"#
        let value = try decode(JSONValue.self, text)
        #expect(value["big"] == .integer(9_007_199_254_740_993))
        #expect(try encode(value) == text)
        #expect(try JSONValue(jsonText: value.jsonText()) == value)
    }

    @Test func jsonValuesKeepTheirKinds() throws {
        let value = try decode(JSONValue.self, #"[0, 1, -2, 2.5, "1", "true", false, true, null, {}, [], {"n": null}]"#)
        #expect(
            value
                == .array([
                    .integer(0), .integer(1), .integer(-2), .number(2.5), .string("1"), .string("true"), .bool(false), .bool(true),
                    .null, .object([:]), .array([]), .object(["n": .null]),
                ]))
        #expect(try decode(JSONValue.self, "null") == .null)
        #expect(try decode(JSONValue.self, #"{"a": {"b": [1]}}"#) == ["a": ["b": [1]]])
    }

    struct Color: OpenStringValue {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
        static let red = Color(rawValue: "red")
        static let knownValues: [Color] = [.red]
    }

    @Test func openEnumsKeepUnknownValues() throws {
        let colors = try decode([Color].self, #"["red","ultraviolet"]"#)
        #expect(colors == [.red, "ultraviolet"])
        #expect(colors[0].isKnown && !colors[1].isKnown)
        #expect(try encode(colors) == #"["red","ultraviolet"]"#)
        #expect(colors[1].description == "ultraviolet")
        switch colors[1] {
        case .red: Issue.record("an unknown value matched a known one")
        default: break
        }
    }

    @Test(arguments: [("sia_123", "sia_123"), ("../etc", "..%2Fetc"), ("..", "%2E%2E"), (".", "%2E"), ("a?b#c", "a%3Fb%23c"), ("", "")])
    func pathSegmentsCannotEscapeTheirSegment(value: String, escaped: String) {
        #expect(PathSegment.escape(value) == escaped)
    }

    struct Thing: Codable, Sendable, Hashable { var name: String }
    struct Holder: Codable, Sendable, Hashable { var id: String }

    @Test func envelopeReadsTheClientFromEitherPlace() throws {
        let direct = try decode(ClientEnvelope<Thing, Holder>.self, #"{"response":{"name":"a"},"client":{"id":"client_1"}}"#)
        #expect(direct.client?.id == "client_1")
        let meta = try decode(ClientEnvelope<Thing, Holder>.self, #"{"response":{"name":"a"},"client":null,"meta":{"client":{"id":"client_2"}}}"#)
        #expect(meta.client?.id == "client_2")
        let none = try decode(ClientEnvelope<Thing, Holder>.self, #"{"response":{"name":"a"},"meta":null}"#)
        #expect(none.client == nil && none.response.name == "a")
    }

    @Test func envelopeTreatsAbsentResponseAsNullOnlyWhenOptional() throws {
        let optional = try decode(ClientEnvelope<Thing?, Holder>.self, #"{"client":null}"#)
        #expect(optional.response == nil)
        #expect(throws: DecodingError.self) { try decode(ClientEnvelope<Thing, Holder>.self, #"{"client":null}"#) }
        #expect(try encode(ClientEnvelope<Thing?, Holder>(response: nil, client: nil)) == #"{"client":null,"response":null}"#)
    }

    @Test func routerPathUsesColonParameters() {
        struct Example: APIEndpoint {
            typealias Body = EmptyFormBody
            typealias Response = Holder
            static let operationID = "x"
            static let method = RequestMethod.post
            static let pathTemplate = "/v1/client/sign_ins/{sign_in_id}/attempt_first_factor"
            static let responseShape = ResponseShape.enveloped
            static let isSafeToRetry = false
            var path: String { "" }
            var queryItems: [FormField] { [] }
            var body: EmptyFormBody { EmptyFormBody() }
        }
        #expect(Example.routerPath == "/v1/client/sign_ins/:sign_in_id/attempt_first_factor")
    }
}

@testable import ClerkLocalCore

/// CBOR encoding for the tests' software authenticator: the shortest heads, map keys in CTAP2's canonical
/// order (by encoded bytes).
extension CBORValue {
    var encoded: [UInt8] {
        switch self {
        case .integer(let value):
            value >= 0 ? Self.head(0, UInt64(value)) : Self.head(1, UInt64(-1 - value))
        case .bytes(let bytes): Self.head(2, UInt64(bytes.count)) + bytes
        case .text(let text): Self.head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .array(let elements): Self.head(4, UInt64(elements.count)) + elements.flatMap(\.encoded)
        case .map(let entries):
            Self.head(5, UInt64(entries.count))
                + entries.map { ($0.key.encoded, $0.value.encoded) }
                .sorted { $0.0.count != $1.0.count ? $0.0.count < $1.0.count : $0.0.lexicographicallyPrecedes($1.0) }
                .flatMap { $0.0 + $0.1 }
        case .bool(let value): [value ? 0xF5 : 0xF4]
        case .null: [0xF6]
        }
    }

    static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24..<0x100: return [type | 24, UInt8(argument)]
        case 0x100..<0x1_0000: return [type | 25] + bigEndian(argument, 2)
        case 0x1_0000..<0x1_0000_0000: return [type | 26] + bigEndian(argument, 4)
        default: return [type | 27] + bigEndian(argument, 8)
        }
    }

    private static func bigEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

/// Decodes the CBOR WebAuthn uses: definite lengths only, integers within Int64, byte and text strings,
/// arrays, maps with integer or text keys, false, true and null. Every length is checked against the bytes
/// left before anything is allocated, and nesting is bounded, so any byte string decodes or throws.
package struct CBORDecoder {
    /// Attestation objects nest four levels (map, attStmt, x5c array, certificate); COSE keys two.
    package static let defaultMaximumDepth = 16
    /// Space reserved up front for an array or map: a declared count is only a claim until its items are read.
    private static let reservedElements = 32

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var position: Int

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.position = 0
    }

    /// The one item the bytes hold; trailing bytes are refused.
    package static func decode(_ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth) throws(CBORError) -> CBORValue {
        let (value, consumed) = try decodePrefix(bytes, maximumDepth: maximumDepth)
        guard consumed == bytes.count else { throw .trailingBytes(count: bytes.count - consumed) }
        return value
    }

    /// The first item of the bytes and how many bytes it takes (a COSE key inside authenticator data is
    /// followed by the extensions).
    package static func decodePrefix(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth
    ) throws(CBORError) -> (value: CBORValue, consumed: Int) {
        var decoder = CBORDecoder(bytes: Array(bytes), maximumDepth: maximumDepth)
        let value = try decoder.item(depth: 1)
        return (value, decoder.position)
    }

    private var remaining: Int { bytes.count - position }

    private mutating func byte() throws(CBORError) -> UInt8 {
        guard position < bytes.count else { throw .truncated }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func take(_ count: Int) throws(CBORError) -> [UInt8] {
        guard count <= remaining else { throw .truncated }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// The argument of an item head: the value itself below 24, else the 1, 2, 4 or 8 bytes that follow.
    private mutating func argument(_ information: UInt8) throws(CBORError) -> UInt64 {
        switch information {
        case 0..<24: return UInt64(information)
        case 24: return UInt64(try byte())
        case 25: return try bigEndian(2)
        case 26: return try bigEndian(4)
        case 27: return try bigEndian(8)
        case 31: throw .indefiniteLength
        default: throw .reservedAdditionalInformation
        }
    }

    private mutating func bigEndian(_ count: Int) throws(CBORError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try take(count) {
            value = value << 8 | UInt64(byte)
        }
        return value
    }

    /// A length, which cannot exceed the bytes left (each element or byte takes at least one).
    private mutating func length(_ information: UInt8) throws(CBORError) -> Int {
        let value = try argument(information)
        guard value <= UInt64(remaining) else { throw value > UInt64(Int.max) ? .valueOutOfRange : .truncated }
        return Int(value)
    }

    private mutating func item(depth: Int) throws(CBORError) -> CBORValue {
        guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth) }
        let head = try byte()
        let major = head >> 5
        let information = head & 0x1F
        switch major {
        case 0:
            let value = try argument(information)
            guard value <= UInt64(Int64.max) else { throw .valueOutOfRange }
            return .integer(Int64(value))
        case 1:
            let value = try argument(information)
            guard value <= UInt64(Int64.max) else { throw .valueOutOfRange }
            return .integer(-1 - Int64(value))
        case 2:
            return .bytes(try take(try length(information)))
        case 3:
            let utf8 = try take(try length(information))
            guard let text = String(validating: utf8, as: UTF8.self) else { throw .invalidUTF8 }
            return .text(text)
        case 4:
            let count = try length(information)
            var elements: [CBORValue] = []
            elements.reserveCapacity(min(count, Self.reservedElements))
            for _ in 0..<count {
                elements.append(try item(depth: depth + 1))
            }
            return .array(elements)
        case 5:
            return .map(try map(count: try length(information), depth: depth))
        case 7:
            switch information {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            case 31: throw .indefiniteLength
            case 28...30: throw .reservedAdditionalInformation
            default: throw .unsupportedItem(majorType: major, additionalInformation: information)
            }
        default:
            throw .unsupportedItem(majorType: major, additionalInformation: information)
        }
    }

    private mutating func map(count: Int, depth: Int) throws(CBORError) -> [CBORValue: CBORValue] {
        var entries: [CBORValue: CBORValue] = [:]
        entries.reserveCapacity(min(count, Self.reservedElements))
        for _ in 0..<count {
            let key = try item(depth: depth + 1)
            switch key {
            case .integer, .text: break
            default: throw .unsupportedMapKey
            }
            let value = try item(depth: depth + 1)
            guard entries.updateValue(value, forKey: key) == nil else { throw .duplicateMapKey }
        }
        return entries
    }
}

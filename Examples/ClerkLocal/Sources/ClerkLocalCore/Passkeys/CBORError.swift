/// Why bytes are not a CBOR item this decoder accepts. Describes the input's shape only, never its content.
package enum CBORError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input ends inside an item.
    case truncated
    /// An indefinite-length string, array or map (WebAuthn's CTAP2 canonical form has none).
    case indefiniteLength
    /// Additional information 28-30, reserved by RFC 8949.
    case reservedAdditionalInformation
    /// Major type 6 (tags) or 7 other than false, true and null (floats, undefined, other simple values).
    case unsupportedItem(majorType: UInt8, additionalInformation: UInt8)
    /// An integer outside Int64, or a length beyond what the input could hold.
    case valueOutOfRange
    case invalidUTF8
    /// A map key that is neither an integer nor text.
    case unsupportedMapKey
    case duplicateMapKey
    /// More nesting than WebAuthn structures use.
    case tooDeep(limit: Int)
    /// Bytes left after the item where the whole input should be one item.
    case trailingBytes(count: Int)

    package var description: String {
        switch self {
        case .truncated: "CBOR input ends inside an item"
        case .indefiniteLength: "CBOR indefinite lengths are not accepted"
        case .reservedAdditionalInformation: "CBOR item uses reserved additional information 28-30"
        case .unsupportedItem(let major, let info): "CBOR item of major type \(major), additional information \(info), is not accepted"
        case .valueOutOfRange: "CBOR integer or length out of range"
        case .invalidUTF8: "CBOR text string is not valid UTF-8"
        case .unsupportedMapKey: "CBOR map key is neither an integer nor text"
        case .duplicateMapKey: "CBOR map repeats a key"
        case .tooDeep(let limit): "CBOR items nest deeper than \(limit) levels"
        case .trailingBytes(let count): "\(count) bytes follow the CBOR item"
        }
    }
}

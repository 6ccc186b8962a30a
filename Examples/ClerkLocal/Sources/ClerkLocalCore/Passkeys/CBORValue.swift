/// A decoded CBOR data item, limited to what WebAuthn uses (RFC 8949 major types 0-5 and the simple
/// values false, true and null): attestation objects, COSE keys and authenticator extensions.
package indirect enum CBORValue: Sendable, Hashable {
    /// Major types 0 and 1 (a negative item `-1 - n` is stored as its value).
    case integer(Int64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    /// Keys are integers or text (COSE and attestation objects use nothing else); a key appears once.
    case map([CBORValue: CBORValue])
    case bool(Bool)
    case null

    package subscript(key: Int64) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries[.integer(key)]
    }

    package subscript(key: String) -> CBORValue? {
        guard case .map(let entries) = self else { return nil }
        return entries[.text(key)]
    }

    package var integerValue: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    package var bytesValue: [UInt8]? {
        if case .bytes(let value) = self { value } else { nil }
    }

    package var textValue: String? {
        if case .text(let value) = self { value } else { nil }
    }

    package var arrayValue: [CBORValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    package var mapValue: [CBORValue: CBORValue]? {
        if case .map(let value) = self { value } else { nil }
    }
}

import Foundation

/// Bytes a stored record keeps (digests, salts), written as base64: `JSONEncoder` writes a `[UInt8]` as
/// an array of numbers through one generic call per byte. Reads either form.
@propertyWrapper
struct Base64Bytes: Codable, Sendable, Hashable {
    var wrappedValue: [UInt8]

    init(wrappedValue: [UInt8]) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let data = try? container.decode(Data.self) {
            wrappedValue = [UInt8](data)
        } else {
            wrappedValue = try container.decode([UInt8].self)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(wrappedValue))
    }
}

/// A list of byte strings (one digest per backup code), each written as base64.
@propertyWrapper
struct Base64BytesList: Codable, Sendable, Hashable {
    var wrappedValue: [[UInt8]]

    init(wrappedValue: [[UInt8]]) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([Data].self) {
            wrappedValue = list.map { [UInt8]($0) }
        } else {
            wrappedValue = try container.decode([[UInt8]].self)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.map { Data($0) })
    }
}

import Foundation

/// Bytes a stored record keeps (digests, salts), written as base64: `JSONEncoder` writes a `[UInt8]` as
/// an array of numbers through one generic call per byte. Reads either form.
@propertyWrapper
package struct Base64Bytes: Codable, Sendable, Hashable {
    package var wrappedValue: [UInt8]

    package init(wrappedValue: [UInt8]) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let data = try? container.decode(Data.self) {
            wrappedValue = [UInt8](data)
        } else {
            wrappedValue = try container.decode([UInt8].self)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(wrappedValue))
    }
}

/// A list of byte strings (one digest per backup code), each written as base64.
@propertyWrapper
package struct Base64BytesList: Codable, Sendable, Hashable {
    package var wrappedValue: [[UInt8]]

    package init(wrappedValue: [[UInt8]]) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([Data].self) {
            wrappedValue = list.map { [UInt8]($0) }
        } else {
            wrappedValue = try container.decode([[UInt8]].self)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.map { Data($0) })
    }
}

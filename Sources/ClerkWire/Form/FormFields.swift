import Foundation

/// One `name=value` pair of an `application/x-www-form-urlencoded` body or query.
public struct FormField: Sendable, Hashable {
    /// The parameter name.
    public var name: String
    /// The value, unescaped.
    public var value: String

    /// A field `name=value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of form fields: what a request body carries on the wire.
///
/// Order is kept so that encoding is deterministic; names may repeat (string arrays).
public struct FormFields: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    /// The fields, in order.
    public private(set) var fields: [FormField]

    /// A form of `fields`.
    public init(_ fields: [FormField] = []) {
        self.fields = fields
    }

    /// A form of the listed fields.
    public init(arrayLiteral elements: FormField...) {
        self.fields = elements
    }

    /// Appends the field `name=value`.
    public mutating func append(_ name: String, _ value: String) {
        fields.append(FormField(name, value))
    }

    /// An iterator over the fields, in order.
    public func makeIterator() -> IndexingIterator<[FormField]> { fields.makeIterator() }

    /// Whether the form has no field.
    public var isEmpty: Bool { fields.isEmpty }

    /// Every value sent under `name`, in order.
    public func values(named name: String) -> [String] {
        fields.lazy.filter { $0.name == name }.map(\.value)
    }

    /// The distinct names, in order of first appearance.
    public var names: [String] {
        var seen = Set<String>()
        return fields.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// The wire form: `a=1&b=x%20y`, every byte outside the unreserved set percent-encoded.
    public func percentEncoded() -> String {
        fields.map { FormPercentEncoding.encode($0.name) + "=" + FormPercentEncoding.encode($0.value) }
            .joined(separator: "&")
    }

    /// Parses a form body or query string. `+` stands for a space; a malformed escape or
    /// bytes that are not UTF-8 are a `FormDecodingError.malformedBody`.
    public init(percentEncoded text: String) throws(FormDecodingError) {
        var fields: [FormField] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try FormPercentEncoding.decode(parts[0])
            let value = parts.count > 1 ? try FormPercentEncoding.decode(parts[1]) : ""
            guard !name.isEmpty else { throw .malformedBody(reason: "a field has an empty name") }
            fields.append(FormField(name, value))
        }
        self.fields = fields
    }

    /// Parses an `application/x-www-form-urlencoded` body.
    public init(percentEncoded data: Data) throws(FormDecodingError) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .malformedBody(reason: "the body is not UTF-8 text")
        }
        try self.init(percentEncoded: text)
    }
}

enum FormPercentEncoding {
    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    )
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func decode(_ text: Substring) throws(FormDecodingError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .malformedBody(reason: "a percent escape is not followed by two hex digits")
                }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .malformedBody(reason: "a percent-decoded value is not UTF-8")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

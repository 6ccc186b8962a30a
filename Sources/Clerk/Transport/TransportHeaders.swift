import Foundation

/// The header fields of a `TransportRequest` or `TransportResponse`, in the order they are sent.
///
/// Names compare case-insensitively, as HTTP requires; a name may repeat. The description hides
/// the value of `Authorization` (it carries the client token).
///
/// ```swift
/// var headers: TransportHeaders = ["Content-Type": "application/json"]
/// headers["Retry-After"] = "2"
/// headers["content-type"]   // "application/json"
/// ```
public struct TransportHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The name as sent (its case is kept).
        public var name: String
        /// The value.
        public var value: String

        /// A field `name: value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field, in order.
    public private(set) var fields: [Field]

    /// No fields.
    public init() {
        fields = []
    }

    /// The given fields, in order.
    public init(_ fields: [Field]) {
        self.fields = fields
    }

    /// The given `name: value` pairs, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value sent under `name` (case-insensitive). Setting replaces every field of that
    /// name with one field (kept at the first one's place), or removes them all when nil.
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { Self.same($0.name, name) }
            fields.removeAll { Self.same($0.name, name) }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: Swift.min(index ?? fields.count, fields.count))
        }
    }

    /// Every value sent under `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Adds a field after the others, keeping any field of the same name.
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// How many fields there are.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// `name: value` pairs, with the `Authorization` value hidden.
    public var description: String {
        fields.map { field in
            Self.same(field.name, "Authorization") ? "\(field.name): \(Redaction.placeholder)" : "\(field.name): \(field.value)"
        }.joined(separator: ", ")
    }

    private static func same(_ first: String, _ second: String) -> Bool {
        first.caseInsensitiveCompare(second) == .orderedSame
    }
}

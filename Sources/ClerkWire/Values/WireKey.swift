/// A key of a JSON object, as generated coders spell their keys: a string literal.
///
/// Unlike ``AnyCodingKey`` it carries no `intValue`, so it is two words: the decoder keeps keys as
/// `any CodingKey` in its coding path, and a key larger than an existential's three-word buffer costs
/// a heap allocation every time a nested value is decoded.
public struct WireKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The key's name.
    public let stringValue: String

    /// A key named `stringValue`; never fails.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// A key named by a string literal.
    public init(stringLiteral value: String) {
        self.stringValue = value
    }

    /// Always nil: object keys are names.
    public var intValue: Int? { nil }

    /// Always nil: object keys are names.
    public init?(intValue: Int) {
        nil
    }
}

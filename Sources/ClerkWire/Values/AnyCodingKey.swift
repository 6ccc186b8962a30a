/// A coding key for any string, to read and write the keys a resource does not name.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    /// The key's name.
    public var stringValue: String
    /// The key's index, for keys of arrays.
    public var intValue: Int?

    /// A key named `stringValue`.
    public init(_ stringValue: String) {
        self.stringValue = stringValue
    }

    /// A key named `stringValue`; never fails.
    public init?(stringValue: String) {
        self.stringValue = stringValue
    }

    /// A key for index `intValue`; never fails.
    public init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

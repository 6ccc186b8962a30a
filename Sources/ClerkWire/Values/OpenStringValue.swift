/// A string enumeration that stays open: a value the schema does not know decodes,
/// compares and round-trips, so a new status from the server never breaks decoding.
///
/// Generated enumerations are structs with a static member per known value; use them
/// in `switch` like enum cases, with a `default` for values added later.
public protocol OpenStringValue: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String {
    /// The value `rawValue`, known or not.
    init(rawValue: String)
    /// Every value the schema knows, in schema order.
    static var knownValues: [Self] { get }
}

extension OpenStringValue {
    /// The value a string literal spells.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// The raw value.
    public var description: String { rawValue }
    /// Whether the schema this code was generated from knows this value.
    public var isKnown: Bool { Self.knownValues.contains(self) }
}

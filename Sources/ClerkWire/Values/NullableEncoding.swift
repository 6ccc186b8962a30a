extension KeyedEncodingContainer {
    /// Writes `value`, or `null` when it is nil: the key is always there, as for a field the API
    /// requires but allows to be null.
    ///
    /// `encode(_:forKey:)` given an `Optional` goes through `Optional`'s own `encode(to:)`, for which
    /// an encoder builds a nested single-value encoder; this calls `encodeNil` or `encode` directly.
    public mutating func encodeNullable<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}

import ClerkAPI

/// The deep merge of Clerk's metadata endpoints (`PATCH /v1/me/metadata`).
package enum MetadataMerge {
    /// `patch` merged into `base`: where both hold an object at a key the two objects are merged;
    /// a `null` in the patch removes its key; any other value replaces. Nulls inside a new object
    /// are dropped as well, so no `null` is ever stored.
    package static func merge(_ patch: JSONValue, into base: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var result: [String: JSONValue]
        if case .object(let existing) = base { result = existing } else { result = [:] }
        for (key, value) in changes {
            switch value {
            case .null: result[key] = nil
            case .object: result[key] = merge(value, into: result[key] ?? .null)
            default: result[key] = value
            }
        }
        return .object(result)
    }
}

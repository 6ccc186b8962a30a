/// Escapes a value placed into one path segment, so that an id can never add or change
/// segments (`..`, `/`, `?` and `#` are escaped, as is every byte outside the unreserved set).
public enum PathSegment {
    /// Percent-escapes `value` for use as one path segment.
    public static func escape(_ value: String) -> String {
        let escaped = FormPercentEncoding.encode(value)
        // "." and ".." are unreserved but would be read as relative path segments.
        switch escaped {
        case ".": return "%2E"
        case "..": return "%2E%2E"
        default: return escaped
        }
    }
}

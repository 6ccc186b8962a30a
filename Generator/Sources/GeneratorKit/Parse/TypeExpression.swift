import Foundation

/// The type expressions of the schema format: `string`, `integer`, `number`, `boolean`,
/// `timestamp`, `json`, a declared `Name`, `[T]` and `{T}`.
enum TypeExpression {
    /// The type a spelling stands for; nil when it is not a type expression.
    static func parse(_ text: String) -> TypeReference? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count > 2 {
            return parse(String(trimmed.dropFirst().dropLast())).map(TypeReference.array)
        }
        if trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count > 2 {
            return parse(String(trimmed.dropFirst().dropLast())).map(TypeReference.map)
        }
        switch trimmed {
        case "string": return .string
        case "integer": return .integer
        case "number": return .number
        case "boolean": return .boolean
        case "timestamp": return .timestamp
        case "json": return .json
        default: return isDeclaredName(trimmed) ? .named(trimmed) : nil
        }
    }

    /// A declared name: an ASCII capital, then ASCII letters, digits and underscores.
    private static func isDeclaredName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}

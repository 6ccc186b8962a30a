import Foundation

/// A type as the schema writes it: `string`, `integer`, `number`, `boolean`, `timestamp`,
/// `json`, a declared name (`SignIn`), an array `[T]` or a string-keyed map `{T}`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case string
    case integer
    case number
    case boolean
    case timestamp
    case json
    case named(String)
    case array(TypeReference)
    case map(TypeReference)

    /// Parses the schema spelling; nil when it is not a type expression.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count > 2 {
            guard let element = TypeReference(parsing: String(trimmed.dropFirst().dropLast())) else { return nil }
            self = .array(element)
            return
        }
        if trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count > 2 {
            guard let value = TypeReference(parsing: String(trimmed.dropFirst().dropLast())) else { return nil }
            self = .map(value)
            return
        }
        switch trimmed {
        case "string": self = .string
        case "integer": self = .integer
        case "number": self = .number
        case "boolean": self = .boolean
        case "timestamp": self = .timestamp
        case "json": self = .json
        default:
            guard let first = trimmed.unicodeScalars.first, ("A"..."Z").contains(first),
                trimmed.unicodeScalars.allSatisfy({ Naming.identifierCharacters.contains($0) })
            else { return nil }
            self = .named(trimmed)
        }
    }

    public var description: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .timestamp: "timestamp"
        case .json: "json"
        case .named(let name): name
        case .array(let element): "[\(element)]"
        case .map(let value): "{\(value)}"
        }
    }

    /// Every declared name this type refers to.
    public var referencedNames: [String] {
        switch self {
        case .named(let name): [name]
        case .array(let element): element.referencedNames
        case .map(let value): value.referencedNames
        default: []
        }
    }
}

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

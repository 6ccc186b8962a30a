/// How schema types are spelled in Swift.
enum SwiftTypeSpelling {
    static func spelling(of type: TypeReference) -> String {
        switch type {
        case .string: "String"
        case .integer: "Int"
        case .number: "Double"
        case .boolean: "Bool"
        case .timestamp: "ClerkTimestamp"
        case .json: "JSONValue"
        case .named(let name): name
        case .array(let element): "[\(spelling(of: element))]"
        case .map(let value): "[String: \(spelling(of: value))]"
        }
    }

    /// What enveloped answers decode as: `ClientEnvelope<SignIn?, ClientResource>`.
    static func envelope(resource: String, client: String) -> String {
        "ClientEnvelope<\(resource), \(client)>"
    }

    /// The `RequestMethod` case of a method: `post`.
    static func caseName(of method: HTTPMethod) -> String {
        method.rawValue.lowercased()
    }

    /// The `ResponseShape` case of a shape: `enveloped`.
    static func caseName(of shape: ResponseShape) -> String {
        shape.rawValue
    }
}

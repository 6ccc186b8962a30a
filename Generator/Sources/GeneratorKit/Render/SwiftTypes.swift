/// The Swift spelling of schema types.
enum SwiftTypes {
    static func name(_ type: TypeReference) -> String {
        switch type {
        case .string: "String"
        case .integer: "Int"
        case .number: "Double"
        case .boolean: "Bool"
        case .timestamp: "ClerkTimestamp"
        case .json: "JSONValue"
        case .named(let name): name
        case .array(let element): "[\(name(element))]"
        case .map(let value): "[String: \(name(value))]"
        }
    }

    static func fieldSwiftName(_ field: FieldDecl) -> String {
        field.swiftName ?? Naming.lowerCamel(field.name) ?? field.name
    }

    /// Whether the Swift property is optional: absent or null on the wire, or a lenient resource.
    static func isOptional(_ field: FieldDecl, in resource: ResourceDecl) -> Bool {
        !field.required || field.nullable || resource.lenient
    }
}

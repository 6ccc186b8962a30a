/// The statements that write a form field with `FormWriter` and read it with `FormReader`.
enum FormCodingStatements {
    static func write(_ field: ResolvedFormField) -> String {
        let key = SwiftLiteral.string(field.wireName)
        let value = field.property.name.source
        let optional = field.property.isOptional ? "?" : ""
        switch field.coding {
        case .openString?: return "writer.write(\(key), \(value)\(optional).rawValue)"
        case .openStrings?: return "writer.write(\(key), \(value)\(optional).map(\\.rawValue))"
        default: return "writer.write(\(key), \(value))"
        }
    }

    static func read(_ field: ResolvedFormField) -> String {
        let key = SwiftLiteral.string(field.wireName)
        let required = field.required
        switch field.coding {
        case .boolean?: return "try reader.\(required ? "requiredBool" : "bool")(\(key))"
        case .integer?: return "try reader.\(required ? "requiredInt" : "int")(\(key))"
        case .json?: return "try reader.\(required ? "requiredJSON" : "json")(\(key))"
        case .strings?: return "try reader.\(required ? "requiredStrings" : "strings")(\(key))"
        case .openStrings(let type)?:
            return required
                ? "try reader.requiredStrings(\(key)).map(\(type).init(rawValue:))"
                : "try reader.strings(\(key))?.map(\(type).init(rawValue:))"
        case .openString(let type)?:
            return required
                ? "\(type)(rawValue: try reader.requiredString(\(key)))"
                : "try reader.string(\(key)).map(\(type).init(rawValue:))"
        case .string?, nil: return "try reader.\(required ? "requiredString" : "string")(\(key))"
        }
    }
}

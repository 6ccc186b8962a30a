import OpenAPIKit30

/// What the comparison needs of a JSON schema's type: JSON kinds, with arrays of a kind.
indirect enum SpecKind: Equatable, Sendable, CustomStringConvertible {
    case string, integer, number, boolean, object, any
    case array(SpecKind)

    var description: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .object: "object"
        case .any: "any"
        case .array(let element): "[\(element)]"
        }
    }
}

/// One property of a spec object, flattened through references, `allOf`, `oneOf` and `anyOf`.
struct SpecProperty: Sendable {
    var kind: SpecKind
    var required: Bool
    var nullable: Bool
    /// The allowed values of the property (of its elements for an array), when the spec lists them.
    var enumValues: [String]?
    var description: String?
    /// The schema itself, to walk further (`Client.SignIn.user_data`).
    var schema: JSONSchema
}

/// A spec object: its properties in spec order.
struct SpecObject: Sendable {
    var names: [String]
    var properties: [String: SpecProperty]
    /// The spec allows properties it does not name (`additionalProperties`): a field it does not list is not gone.
    var open: Bool

    init(names: [String] = [], properties: [String: SpecProperty] = [:], open: Bool = false) {
        self.names = names
        self.properties = properties
        self.open = open
    }

    /// Adds the properties of `other` as optional ones, where this object lacks them.
    mutating func add(optional other: SpecObject) {
        for name in other.names where properties[name] == nil {
            names.append(name)
            properties[name] = other.properties[name]
            properties[name]?.required = false
        }
        open = open || other.open
    }

    /// Several objects read as one: every property of any; required only where every object that has it requires it.
    init(union objects: [SpecObject]) {
        self.init(open: objects.contains(where: \.open))
        for object in objects {
            for name in object.names {
                guard let property = object.properties[name] else { continue }
                if var existing = properties[name] {
                    existing.required = existing.required && property.required
                    existing.nullable = existing.nullable || property.nullable
                    existing.enumValues = Self.merge(existing.enumValues, property.enumValues)
                    properties[name] = existing
                } else {
                    names.append(name)
                    properties[name] = property
                }
            }
        }
        // A property some of the objects lack may be absent.
        for name in names where objects.contains(where: { $0.properties[name] == nil }) {
            properties[name]?.required = false
        }
    }

    private static func merge(_ left: [String]?, _ right: [String]?) -> [String]? {
        guard let left, let right else { return left ?? right }
        return left + right.filter { !left.contains($0) }
    }
}

/// Reads JSON schemas into kinds and objects, following references into the components.
struct SpecShapes {
    let components: OpenAPI.Components
    /// Deep enough for any real nesting; a reference cycle stops here instead of recursing forever.
    private static let depthLimit = 32

    func resolved(_ schema: JSONSchema, depth: Int = 0) -> JSONSchema {
        guard depth < Self.depthLimit, case .reference(let reference, _) = schema.value, let target = components[reference] else { return schema }
        return resolved(target, depth: depth + 1)
    }

    func kind(of schema: JSONSchema, depth: Int = 0) -> SpecKind {
        guard depth < Self.depthLimit else { return .any }
        switch schema.value {
        case .boolean: return .boolean
        case .number: return .number
        case .integer: return .integer
        case .string: return .string
        case .object: return .object
        case .array(_, let context): return .array(context.items.map { kind(of: $0, depth: depth + 1) } ?? .any)
        case .reference: return kind(of: resolved(schema), depth: depth + 1)
        case .all(let schemas, _), .one(let schemas, _), .any(let schemas, _):
            let kinds = Set(schemas.map { kind(of: $0, depth: depth + 1).description }).subtracting(["any"])
            guard kinds.count == 1, let first = schemas.map({ kind(of: $0, depth: depth + 1) }).first(where: { $0 != .any }) else {
                return schema.jsonType.map(Self.kind(of:)) ?? .any
            }
            return first
        case .not, .fragment:
            return schema.jsonType.map(Self.kind(of:)) ?? .any
        }
    }

    func isNullable(_ schema: JSONSchema, depth: Int = 0) -> Bool {
        guard depth < Self.depthLimit else { return false }
        if schema.nullable { return true }
        switch schema.value {
        case .reference: return isNullable(resolved(schema), depth: depth + 1)
        case .all(let schemas, _), .one(let schemas, _), .any(let schemas, _): return schemas.contains { isNullable($0, depth: depth + 1) }
        default: return false
        }
    }

    /// The allowed values of a string schema, or of an array's elements.
    func enumValues(of schema: JSONSchema, depth: Int = 0) -> [String]? {
        guard depth < Self.depthLimit else { return nil }
        if let values = schema.allowedValues {
            return values.compactMap { $0.value as? String }
        }
        switch schema.value {
        case .array(_, let context): return context.items.flatMap { enumValues(of: $0, depth: depth + 1) }
        case .reference: return enumValues(of: resolved(schema), depth: depth + 1)
        case .all(let schemas, _), .one(let schemas, _), .any(let schemas, _):
            let lists = schemas.compactMap { enumValues(of: $0, depth: depth + 1) }
            return lists.isEmpty ? nil : lists.reduce(into: [String]()) { merged, list in merged += list.filter { !merged.contains($0) } }
        default: return nil
        }
    }

    func description(of schema: JSONSchema) -> String? {
        schema.description ?? resolved(schema).description
    }

    /// The object a schema describes: its own properties, or the union of its `allOf`/`oneOf`/`anyOf` parts.
    func object(of schema: JSONSchema, depth: Int = 0) -> SpecObject {
        guard depth < Self.depthLimit else { return SpecObject() }
        switch schema.value {
        case .object(_, let context):
            var object = SpecObject(open: context.additionalProperties.map { $0.a ?? true } ?? false)
            for (name, property) in context.properties {
                object.names.append(name)
                object.properties[name] = SpecProperty(
                    kind: kind(of: property), required: property.required, nullable: isNullable(property),
                    enumValues: enumValues(of: property), description: description(of: property), schema: property
                )
            }
            return object
        case .reference: return object(of: resolved(schema), depth: depth + 1)
        case .array(_, let context): return context.items.map { object(of: $0, depth: depth + 1) } ?? SpecObject()
        case .all(let schemas, _):
            // allOf: every part applies, so a property any part requires is required.
            var merged = SpecObject()
            for part in schemas.map({ object(of: $0, depth: depth + 1) }) {
                merged.open = merged.open || part.open
                for name in part.names {
                    guard let property = part.properties[name] else { continue }
                    if merged.properties[name] == nil { merged.names.append(name) }
                    var combined = merged.properties[name] ?? property
                    combined.required = combined.required || property.required
                    merged.properties[name] = combined
                }
            }
            return merged
        case .one(let schemas, _), .any(let schemas, _):
            return SpecObject(union: schemas.map { object(of: $0, depth: depth + 1) }.filter { !$0.names.isEmpty })
        default: return SpecObject()
        }
    }

    private static func kind(of type: JSONType) -> SpecKind {
        switch type {
        case .boolean: .boolean
        case .number: .number
        case .integer: .integer
        case .string: .string
        case .object: .object
        case .array: .array(.any)
        }
    }
}

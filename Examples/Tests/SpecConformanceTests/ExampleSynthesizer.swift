import Foundation

/// Builds example instances of the spec's schemas: the spec's own `example` values where it
/// gives them, otherwise a value of the declared type. Three variants per schema: every
/// property set, only the required ones, and null wherever the spec allows null.
struct ExampleSynthesizer {
    enum Variant: String, CaseIterable, Sendable {
        case everyProperty
        case requiredOnly
        case nullsWhereAllowed
    }

    let schemas: [String: Any]
    let variant: Variant

    /// Values of properties the spec requires without declaring them: `Client.User` requires
    /// `enterprise_accounts` and, like its sibling account lists, it is an array.
    static var undeclaredRequired: [String: Any] { ["enterprise_accounts": [Any]()] }

    func instance(ofSchemaNamed name: String) -> Any? {
        guard let schema = schemas[name] as? [String: Any] else { return nil }
        return instance(of: schema, depth: 0)
    }

    private func resolve(_ node: [String: Any]) -> [String: Any] {
        guard let reference = node["$ref"] as? String, let name = reference.split(separator: "/").last,
            let target = schemas[String(name)] as? [String: Any]
        else { return node }
        return resolve(target)
    }

    /// Merges `allOf` parts (and a lone `$ref`) into one object schema.
    private func flatten(_ node: [String: Any]) -> [String: Any] {
        var merged = resolve(node)
        guard let parts = merged["allOf"] as? [[String: Any]] else { return merged }
        merged.removeValue(forKey: "allOf")
        var properties = merged["properties"] as? [String: Any] ?? [:]
        var required = merged["required"] as? [String] ?? []
        for part in parts.map(flatten) {
            properties.merge(part["properties"] as? [String: Any] ?? [:]) { first, _ in first }
            required += part["required"] as? [String] ?? []
            if merged["type"] == nil, let type = part["type"] { merged["type"] = type }
            if merged["enum"] == nil, let values = part["enum"] { merged["enum"] = values }
            if merged["items"] == nil, let items = part["items"] { merged["items"] = items }
        }
        if !properties.isEmpty {
            merged["properties"] = properties
            merged["type"] = "object"
        }
        merged["required"] = required
        return merged
    }

    private func instance(of node: [String: Any], depth: Int) -> Any {
        let nullable = node["nullable"] as? Bool ?? false
        var schema = flatten(node)
        if let options = (schema["oneOf"] ?? schema["anyOf"]) as? [[String: Any]], let first = options.first {
            // Later variants pick later options, so more of a union is covered.
            let option = variant == .requiredOnly ? options[options.count - 1] : first
            schema = flatten(option)
        }
        if nullable && variant == .nullsWhereAllowed && depth > 0 { return NSNull() }
        if let example = schema["example"] ?? node["example"] { return example }
        if let values = schema["enum"] as? [Any], !values.isEmpty {
            return variant == .requiredOnly ? values[values.count - 1] : values[0]
        }
        switch schema["type"] as? String {
        case "string": return "example"
        case "integer": return 1_700_690_400_000
        case "number": return 1.5
        case "boolean": return true
        case "array":
            guard depth < 16, let items = schema["items"] as? [String: Any] else { return [Any]() }
            return [instance(of: items, depth: depth + 1)]
        default:
            let properties = schema["properties"] as? [String: Any] ?? [:]
            if properties.isEmpty { return ["key": "value"] }
            let required = Set(schema["required"] as? [String] ?? [])
            var object: [String: Any] = [:]
            for (key, value) in properties {
                guard variant != .requiredOnly || required.contains(key), let property = value as? [String: Any] else { continue }
                // Deep optional properties are left out to bound the size; required ones never are.
                if depth >= 10, !required.contains(key) { continue }
                object[key] = instance(of: property, depth: depth + 1)
            }
            for key in required where properties[key] == nil {
                object[key] = Self.undeclaredRequired[key] ?? NSNull()
            }
            return object
        }
    }
}

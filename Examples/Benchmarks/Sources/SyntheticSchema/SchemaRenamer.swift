/// Renames one copy of a schema document so that many copies can live in one schema.
struct SchemaRenamer {
    let copy: Int
    let declaredTypes: Set<String>

    private var suffix: String { "V\(copy)" }

    /// The document with its declarations and every reference to them renamed.
    mutating func document(_ document: Any) -> Any {
        guard copy > 0, var object = document as? [String: Any] else { return document }
        object["envelope"] = nil
        if let resources = object["resources"] as? [[String: Any]] {
            object["resources"] = resources.map { renamingName(in: $0).mapValues(renamingTypes) }
        }
        if let enums = object["enums"] as? [[String: Any]] {
            object["enums"] = enums.map(renamingName)
        }
        if var catalogue = object["errorCodes"] as? [String: Any] {
            catalogue["typeName"] = (catalogue["typeName"] as? String).map(type)
            catalogue["codes"] = (catalogue["codes"] as? [[String: Any]])?.map { code in
                var code = code
                code["code"] = (code["code"] as? String).map { "\($0)_v\(copy)" }
                return code
            }
            object["errorCodes"] = catalogue
        }
        if let endpoints = object["endpoints"] as? [[String: Any]] {
            object["endpoints"] = endpoints.map(endpoint)
        }
        return object
    }

    private func endpoint(_ endpoint: [String: Any]) -> [String: Any] {
        var endpoint = renamingTypes(endpoint) as? [String: Any] ?? endpoint
        endpoint["name"] = (endpoint["name"] as? String).map { $0 + suffix }
        endpoint["operationId"] = (endpoint["operationId"] as? String).map { $0 + suffix }
        endpoint["path"] = (endpoint["path"] as? String).map { $0.replacingOccurrences(of: "/v1/", with: "/v1/copy\(copy)/") }
        return endpoint
    }

    private func renamingName(in declaration: [String: Any]) -> [String: Any] {
        var declaration = declaration
        declaration["name"] = (declaration["name"] as? String).map(type)
        return declaration
    }

    /// Renames the declared types a `type` value mentions (`Name`, `[Name]`, `{Name}`), anywhere below.
    private func renamingTypes(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, value) in object {
                result[key] = key == "type" ? (value as? String).map(typeExpression) ?? value : renamingTypes(value)
            }
            return result
        case let array as [Any]:
            return array.map(renamingTypes)
        default:
            return value
        }
    }

    private func typeExpression(_ expression: String) -> String {
        var result = ""
        var token = ""
        for character in expression {
            if character.isLetter || character.isNumber || character == "_" {
                token.append(character)
            } else {
                result += type(token) + String(character)
                token = ""
            }
        }
        return result + type(token)
    }

    private func type(_ name: String) -> String {
        declaredTypes.contains(name) ? name + suffix : name
    }
}

/// The type names a schema document declares: resources, enums and its error catalogue.
func declaredTypeNames(in document: Any) -> [String] {
    guard let object = document as? [String: Any] else { return [] }
    let resources = (object["resources"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    let enums = (object["enums"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    let catalogue = ((object["errorCodes"] as? [String: Any])?["typeName"] as? String).map { [$0] } ?? []
    return resources + enums + catalogue
}

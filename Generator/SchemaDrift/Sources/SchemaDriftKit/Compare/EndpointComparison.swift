import GeneratorKit

/// Compares each endpoint with the spec operation of its operationId: method, path, and its query
/// and body fields with their required-ness.
struct EndpointComparison {
    let index: SchemaIndex
    let operations: [String: SpecOperation]
    let extensions: ExtensionList

    func compare(_ endpoint: EndpointDecl, file: String, into result: inout ComparisonResult) {
        let place = "\(file) \(endpoint.operationID)"
        let listed = extensions.entry(endpoint: endpoint.name)
        guard let operation = operations[endpoint.operationID] else {
            // An operation the spec lacks on purpose: its fields are part of the extension.
            if let listed {
                result.extensions.append(listed)
            } else {
                result.add(
                    .error, "operation-removed", place, "the spec has no operation \(endpoint.operationID) (\(endpoint.method.rawValue) \(endpoint.path))")
            }
            return
        }
        if listed != nil {
            result.add(.info, "extension-in-spec", place, "the spec now has operation \(endpoint.operationID): its entry in extensions.json can go")
        }
        if operation.method.uppercased() != endpoint.method.rawValue {
            result.add(.error, "operation-method-changed", place, "\(endpoint.method.rawValue) in the schema, \(operation.method.uppercased()) in the spec")
        }
        if Self.shape(of: operation.path) != Self.shape(of: endpoint.path) {
            result.add(.error, "operation-path-changed", place, "\(endpoint.path) in the schema, \(operation.path) in the spec")
        }
        compare(endpoint.query, section: "query", of: endpoint, against: operation.query, file: file, into: &result)
        if endpoint.method != .get {
            compare(endpoint.body, section: "body", of: endpoint, against: operation.body, file: file, into: &result)
        }
    }

    private func compare(
        _ fields: [FormFieldDecl], section: String, of endpoint: EndpointDecl, against object: SpecObject, file: String, into result: inout ComparisonResult
    ) {
        let place = "\(file) \(endpoint.operationID) \(section)"
        for field in fields {
            let location = "\(place).\(field.name)"
            let listed = extensions.entry(endpoint: endpoint.name, field: field.name)
            guard let property = object.properties[field.name] else {
                if let listed {
                    result.extensions.append(listed)
                } else {
                    result.add(.warning, "form-field-removed", location, "the spec does not take \(field.name); a server may reject it")
                }
                continue
            }
            if listed != nil {
                result.add(.info, "extension-in-spec", location, "the spec now lists \(field.name): its entry in extensions.json can go")
            }
            let ours = index.kind(of: field.type)
            if !SchemaIndex.compatible(ours, property.kind) {
                result.add(.error, "form-field-type-changed", location, "type \(ours) in the schema, \(property.kind) in the spec")
                continue
            }
            if property.required && !field.required {
                result.add(.warning, "form-field-became-required", location, "the spec now requires \(field.name), which the SDK may leave out")
            } else if !property.required && field.required {
                result.add(.info, "form-field-became-optional", location, "the spec does not require \(field.name)")
            }
            if let enumName = index.enumName(of: field.type) {
                result.observations.record(enumName, property.enumValues)
            }
        }
        for name in object.names where !fields.contains(where: { $0.name == name }) {
            guard let property = object.properties[name] else { continue }
            let location = "\(place).\(name)"
            if property.required {
                result.add(.error, "form-field-required-added", location, "the spec requires \(name), which the SDK does not send")
            } else {
                let type = Self.formType(of: property.kind)
                result.add(
                    .info, "form-field-uncovered", location, "the spec takes optional \(name), which the SDK does not send",
                    type.map { .formField(file: file, endpoint: endpoint.name, section: section, name: name, type: $0, doc: property.description) }
                )
            }
        }
    }

    /// A path with its parameter names blanked: `/v1/client/sign_ins/{}`.
    private static func shape(of path: String) -> String {
        path.replacing(/\{[^}]*\}/, with: "{}")
    }

    /// The form type `--apply` writes, where a form field can carry the spec's kind.
    private static func formType(of kind: SpecKind) -> String? {
        switch kind {
        case .string: "string"
        case .integer: "integer"
        case .boolean: "boolean"
        case .object, .any: "json"
        case .array(.string): "[string]"
        case .number, .array: nil
        }
    }
}

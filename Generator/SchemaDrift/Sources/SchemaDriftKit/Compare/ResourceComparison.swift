import GeneratorKit

/// Compares each resource's fields with the spec object its `spec` names.
struct ResourceComparison {
    let index: SchemaIndex
    let spec: SpecDocument
    let extensions: ExtensionList

    func compare(_ resource: ResourceDecl, file: String, into result: inout ComparisonResult) {
        guard let reference = resource.spec else { return }
        let place = "\(file) \(resource.name)"
        guard let object = spec.object(named: reference) else {
            result.add(.error, "spec-schema-removed", place, "names spec schema \(reference), which the spec does not have")
            return
        }
        for field in resource.fields {
            let property = object.properties[field.name]
            // An open object (`additionalProperties`) that names no such property does not contradict the field.
            if property == nil && object.open && extensions.entry(resource: resource.name, field: field.name) == nil { continue }
            compare(field, of: resource, at: "\(place).\(field.name)", against: property, into: &result)
        }
        for name in object.names where !resource.fields.contains(where: { $0.name == name }) {
            guard let property = object.properties[name] else { continue }
            let type = SchemaIndex.schemaType(of: property.kind)
            let location = "\(place).\(name)"
            if property.required {
                result.add(
                    .info, "field-uncovered", location,
                    "the spec has required \(type) \(name), which \(resource.name) does not decode (add it by hand: it would be required)")
            } else {
                result.add(
                    .info, "field-uncovered", location, "the spec has optional \(type) \(name), which \(resource.name) does not decode",
                    .field(file: file, resource: resource.name, name: name, type: type, nullable: property.nullable, doc: property.description)
                )
            }
        }
    }

    private func compare(
        _ field: FieldDecl, of resource: ResourceDecl, at location: String, against property: SpecProperty?, into result: inout ComparisonResult
    ) {
        let listed = extensions.entry(resource: resource.name, field: field.name)
        guard let property else {
            if let listed {
                result.extensions.append(listed)
            } else {
                let sdkRequires = field.required && !field.nullable && !resource.lenient
                result.add(
                    sdkRequires ? .error : .warning, "field-removed", location,
                    sdkRequires ? "the spec does not have \(field.name), which the SDK requires" : "the spec does not have optional \(field.name)"
                )
            }
            return
        }
        if listed != nil {
            result.add(.info, "extension-in-spec", location, "the spec now lists \(field.name): its entry in extensions.json can go")
        }
        let ours = index.kind(of: field.type)
        guard SchemaIndex.compatible(ours, property.kind) else {
            result.add(.error, "field-type-changed", location, "type \(ours) in the schema, \(property.kind) in the spec")
            return
        }
        let swiftOptional = !field.required || field.nullable || resource.lenient
        if property.nullable && !field.nullable {
            loosening("field-became-nullable", "the spec allows null", swiftOptional: swiftOptional, at: location, into: &result)
        }
        if field.required && !property.required {
            loosening("field-became-optional", "the spec does not require it", swiftOptional: swiftOptional, at: location, into: &result)
        }
        if !field.required && property.required {
            result.add(.info, "field-became-required", location, "the spec now requires it (the schema records it as optional)")
        }
        if let enumName = index.enumName(of: field.type) {
            result.observations.record(enumName, property.enumValues)
        }
    }

    /// The spec loosens what the schema expects (null allowed, the field optional): an error only where
    /// the Swift property is not optional.
    private func loosening(_ kind: String, _ what: String, swiftOptional: Bool, at location: String, into result: inout ComparisonResult) {
        result.add(
            swiftOptional ? .info : .error, kind, location,
            swiftOptional ? "\(what); the Swift property is optional already" : "\(what), which the SDK's non-optional property does not decode"
        )
    }
}

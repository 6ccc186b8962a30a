extension Resolution {
    func resolve(_ resource: ResourceDecl) -> ResolvedResource {
        checkTypeName(resource.name, resource.location)
        let fields = resource.fields.map { field in
            let name = memberName(
                field.name, swiftName: field.swiftName, at: field.location,
                problem: "field '\(field.name)' does not give a Swift name; add a swiftName"
            )
            // Absent or null on the wire, or a resource real servers send incompletely.
            let optional = !field.required || field.nullable || resource.lenient
            let defaultValue: DefaultValue? = field.constant.map(DefaultValue.string) ?? (optional ? .nil : nil)
            return ResolvedField(
                wireName: field.name, schemaType: field.type,
                property: StoredProperty(
                    name: name, baseType: SwiftTypeSpelling.spelling(of: field.type), isOptional: optional,
                    isSecret: field.secret, defaultValue: defaultValue
                ),
                alwaysEncoded: field.required,
                documentation: MemberDocumentation(
                    summary: field.doc, deprecated: field.deprecated, extensionNote: field.extensionNote, secret: field.secret
                ),
                constant: field.constant, location: field.location
            )
        }
        let additionalProperties =
            resource.additionalProperties
            ? StoredProperty(
                name: Naming.identifier(Naming.additionalProperties), baseType: SwiftTypeSpelling.spelling(of: .map(.json)),
                isOptional: false, defaultValue: .emptyDictionary
            )
            : nil
        return ResolvedResource(
            name: resource.name, doc: resource.doc, spec: resource.spec, lenient: resource.lenient, fields: fields,
            additionalProperties: additionalProperties, location: resource.location
        )
    }
}

extension Resolution {
    func resolve(_ endpoint: EndpointDecl) -> ResolvedEndpoint {
        let typeName =
            Naming.requestTypeName(endpoint: endpoint.name)
            ?? {
                sink.report(endpoint.location, "endpoint name '\(endpoint.name)' does not give a Swift type name")
                return endpoint.name
            }()
        let pathParameters = endpoint.pathParameters.map { parameter in
            ResolvedPathParameter(
                wireName: parameter.name,
                property: StoredProperty(
                    name: memberName(parameter.name, at: parameter.location, problem: "path parameter '\(parameter.name)' does not give a Swift name"),
                    baseType: SwiftTypeSpelling.spelling(of: .string), isOptional: false
                ),
                doc: parameter.doc, location: parameter.location
            )
        }
        let bodyFields = endpoint.body.map(resolve)
        let bodyType = Naming.requestBodyType
        return ResolvedEndpoint(
            name: endpoint.name, typeName: typeName, operationID: endpoint.operationID, doc: endpoint.doc,
            method: endpoint.method, methodCase: SwiftTypeSpelling.caseName(of: endpoint.method), path: endpoint.path,
            placeholders: Self.placeholders(in: endpoint.path),
            pathComponents: Self.pathComponents(endpoint.path, parameters: pathParameters),
            pathParameters: pathParameters, query: endpoint.query.map(resolve), bodyFields: bodyFields,
            bodyProperty: StoredProperty(
                name: Naming.identifier(Naming.requestBodyProperty), baseType: bodyType, isOptional: false,
                defaultValue: bodyFields.contains(where: \.required) ? nil : .emptyInstance(typeName: bodyType)
            ),
            initializerTakesBody: endpoint.method != .get || !bodyFields.isEmpty, requestMemberNames: Naming.requestMembers,
            response: resolve(endpoint.response), retryable: endpoint.retryable, location: endpoint.location
        )
    }

    private func resolve(_ field: FormFieldDecl) -> ResolvedFormField {
        ResolvedFormField(
            wireName: field.name, schemaType: field.type,
            property: StoredProperty(
                name: memberName(field.name, at: field.location, problem: "parameter '\(field.name)' does not give a Swift name"),
                baseType: SwiftTypeSpelling.spelling(of: field.type), isOptional: !field.required, isSecret: field.secret,
                defaultValue: field.required ? nil : .nil
            ),
            required: field.required, coding: formCoding(field.type),
            documentation: MemberDocumentation(summary: field.doc, extensionNote: field.extensionNote, secret: field.secret),
            location: field.location
        )
    }

    private func formCoding(_ type: TypeReference) -> FormCoding? {
        switch type {
        case .string: .string
        case .boolean: .boolean
        case .integer: .integer
        case .json: .json
        case .named(let name) where openStringTypes.contains(name): .openString(typeName: name)
        case .array(.string): .strings
        case .array(.named(let name)) where openStringTypes.contains(name): .openStrings(typeName: name)
        default: nil
        }
    }

    private func resolve(_ response: ResponseDecl) -> ResolvedResponse {
        let resource = SwiftTypeSpelling.spelling(of: response.type) + (response.nullable ? "?" : "")
        var type = resource
        if response.shape == .enveloped, let envelopeClientType {
            type = SwiftTypeSpelling.envelope(resource: resource, client: envelopeClientType)
        }
        return ResolvedResponse(
            shape: response.shape, shapeCase: SwiftTypeSpelling.caseName(of: response.shape), schemaType: response.type,
            type: type, location: response.location
        )
    }

    /// The `{name}` placeholders of a path, in order.
    private static func placeholders(in path: String) -> [String] {
        path.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }

    /// The path as literals and parameters; a placeholder no parameter declares stays literal.
    private static func pathComponents(_ path: String, parameters: [ResolvedPathParameter]) -> [PathComponent] {
        var components: [PathComponent] = []
        var literal = ""
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            literal += "/"
            if segment.hasPrefix("{"), segment.hasSuffix("}"),
                let parameter = parameters.first(where: { $0.wireName == segment.dropFirst().dropLast() })
            {
                components.append(.literal(literal))
                components.append(.parameter(parameter.property.name))
                literal = ""
            } else {
                literal += segment
            }
        }
        if !literal.isEmpty || components.isEmpty { components.append(.literal(literal)) }
        return components
    }
}

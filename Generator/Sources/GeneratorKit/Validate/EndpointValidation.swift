extension Validation {
    func validate(_ endpoint: ResolvedEndpoint) {
        if !endpoint.path.hasPrefix("/") || endpoint.path.contains("?") || endpoint.path.contains("#") {
            sink.report(endpoint.location, "path '\(endpoint.path)' must start with / and carry no query or fragment")
        }
        let declared = endpoint.pathParameters.map(\.wireName)
        for placeholder in endpoint.placeholders where !declared.contains(placeholder) {
            sink.report(endpoint.location, "path parameter '{\(placeholder)}' has no pathParameters entry")
        }
        for parameter in endpoint.pathParameters where !endpoint.placeholders.contains(parameter.wireName) {
            sink.report(parameter.location, "path parameter '\(parameter.wireName)' does not appear in the path '\(endpoint.path)'")
        }
        if Set(endpoint.placeholders).count != endpoint.placeholders.count {
            sink.report(endpoint.location, "path '\(endpoint.path)' names a parameter twice")
        }
        if endpoint.method == .get, !endpoint.bodyFields.isEmpty {
            sink.report(endpoint.location, "a GET endpoint cannot have a body")
        }
        validateParameterNames(endpoint)
        // The request type has no redacting mirror, and servers and proxies log URLs.
        for field in endpoint.query where field.property.isSecret {
            sink.report(field.location, "query parameter '\(field.wireName)' is secret; a secret goes in the body, never in the URL")
        }
        for field in endpoint.query + endpoint.bodyFields {
            validateReferences(field.schemaType, at: field.location)
            if field.coding == nil {
                sink.report(
                    field.location,
                    "parameter '\(field.wireName)' has type '\(field.schemaType)', which cannot be form encoded (string, boolean, integer, json, an enumeration, or an array of strings or enumerations)"
                )
            }
        }
        if endpoint.response.shape == .enveloped, schema.envelopeClientType == nil {
            sink.report(endpoint.response.location, "an enveloped response needs an envelope declaration naming the client type")
        }
        validateReferences(endpoint.response.schemaType, at: endpoint.response.location)
    }

    /// Wire names are unique across the endpoint; Swift names within the request (path and query
    /// parameters beside its own members) and within the body.
    private func validateParameterNames(_ endpoint: ResolvedEndpoint) {
        var wireNames = Set(endpoint.pathParameters.map(\.wireName))
        var requestNames = SwiftNameScope(reserved: endpoint.requestMemberNames)
        for parameter in endpoint.pathParameters {
            claim(parameter.property.name, for: parameter.wireName, at: parameter.location, in: &requestNames, of: endpoint)
        }
        func isFirst(_ field: ResolvedFormField) -> Bool {
            guard wireNames.insert(field.wireName).inserted else {
                sink.report(field.location, "duplicate parameter '\(field.wireName)' in endpoint '\(endpoint.name)'")
                return false
            }
            return true
        }
        for field in endpoint.query where isFirst(field) {
            claim(field.property.name, for: field.wireName, at: field.location, in: &requestNames, of: endpoint)
        }
        var bodyNames = SwiftNameScope()
        for field in endpoint.bodyFields where isFirst(field) {
            claim(field.property.name, for: field.wireName, at: field.location, in: &bodyNames, of: endpoint)
        }
    }

    private func claim(
        _ name: SwiftIdentifier, for wireName: String, at location: SchemaLocation, in scope: inout SwiftNameScope,
        of endpoint: ResolvedEndpoint
    ) {
        switch scope.claim(name, for: wireName) {
        case nil: break
        case .reserved?: sink.report(location, "parameter '\(wireName)' clashes with the member '\(name.name)' of \(endpoint.typeName)")
        case .taken(let other)?: sink.report(location, "parameters '\(other)' and '\(wireName)' both map to the Swift name '\(name.name)'")
        }
    }
}

/// Checks what parsing cannot: names resolve, nothing is declared twice, enum values map
/// to distinct Swift names, endpoint paths match their parameters, form fields can be
/// form encoded. An invalid schema never produces output.
public struct SchemaValidator {
    public init() {}

    public func validate(_ schema: Schema) -> [SchemaDiagnostic] {
        let sink = DiagnosticSink()
        let symbols = SymbolTable(schema: schema, sink: sink)
        var outputs: [String: String] = [:]
        for document in schema.documents {
            let location = SchemaLocation(file: document.file, path: "$")
            if let output = Naming.outputFileName(forSchemaFile: document.file) {
                if let other = outputs[output] {
                    sink.report(location, "renders to \(output), as \(other) does; rename one of the files")
                }
                outputs[output] = document.file
            } else {
                sink.report(location, "the file name does not give a Swift file name")
            }
            document.enums.forEach { validateEnum($0, sink) }
            document.resources.forEach { validateResource($0, symbols, sink) }
            document.errorCatalogue.map { validateErrorCatalogue($0, sink) }
            document.endpoints.forEach { validateEndpoint($0, symbols, sink) }
            if let envelope = document.envelope, symbols.kinds[envelope.clientType] != .resource {
                sink.report(envelope.location, "envelope client type '\(envelope.clientType)' is not a declared resource")
            }
        }
        var endpointNames: [String: SchemaLocation] = [:]
        for endpoint in schema.documents.flatMap(\.endpoints) {
            if let previous = endpointNames[endpoint.name] {
                sink.report(endpoint.location, "duplicate endpoint name '\(endpoint.name)' (first declared at \(previous))")
            }
            endpointNames[endpoint.name] = endpointNames[endpoint.name] ?? endpoint.location
        }
        return sink.diagnostics
    }

    private func validateTypeName(_ name: String, _ location: SchemaLocation, _ sink: DiagnosticSink) {
        if !Naming.isIdentifier(name) || !(name.first?.isUppercase ?? false) {
            sink.report(location, "type name '\(name)' is not an UpperCamelCase Swift identifier")
        }
    }

    private func validateReferences(_ type: TypeReference, _ symbols: SymbolTable, _ location: SchemaLocation, _ sink: DiagnosticSink) {
        for name in type.referencedNames {
            switch symbols.kinds[name] {
            case .resource?, .enumeration?, .errorCatalogue?: continue
            case .endpoint?: sink.report(location, "type '\(name)' is an endpoint, not a resource or enumeration")
            case nil: sink.report(location, "unknown type reference '\(name)'")
            }
        }
    }

    private func validateEnum(_ declaration: EnumDecl, _ sink: DiagnosticSink) {
        validateTypeName(declaration.name, declaration.location, sink)
        if declaration.values.isEmpty {
            sink.report(declaration.location, "enumeration '\(declaration.name)' has no values")
        }
        var values: Set<String> = []
        var swiftNames: [String: String] = [:]
        for value in declaration.values {
            if !values.insert(value.value).inserted {
                sink.report(value.location, "duplicate enum value '\(value.value)' in '\(declaration.name)'")
                continue
            }
            guard let swiftName = value.swiftName ?? Naming.lowerCamel(value.value), Naming.isIdentifier(swiftName) else {
                sink.report(value.location, "enum value '\(value.value)' does not give a Swift name; add a swiftName")
                continue
            }
            if let other = swiftNames[swiftName] {
                sink.report(value.location, "enum values '\(other)' and '\(value.value)' both map to the Swift name '\(swiftName)'")
            }
            swiftNames[swiftName] = value.value
        }
    }

    private func validateResource(_ declaration: ResourceDecl, _ symbols: SymbolTable, _ sink: DiagnosticSink) {
        validateTypeName(declaration.name, declaration.location, sink)
        var wireNames: Set<String> = []
        var swiftNames: [String: String] = [:]
        for field in declaration.fields {
            if !wireNames.insert(field.name).inserted {
                sink.report(field.location, "duplicate field '\(field.name)' in resource '\(declaration.name)'")
                continue
            }
            validateReferences(field.type, symbols, field.location, sink)
            if field.constant != nil, field.type != .string {
                sink.report(field.location, "field '\(field.name)' has a const value but is not a string")
            }
            guard let swiftName = field.swiftName ?? Naming.lowerCamel(field.name), Naming.isIdentifier(swiftName) else {
                sink.report(field.location, "field '\(field.name)' does not give a Swift name; add a swiftName")
                continue
            }
            if let other = swiftNames[swiftName] {
                sink.report(field.location, "fields '\(other)' and '\(field.name)' both map to the Swift name '\(swiftName)'")
            }
            if declaration.additionalProperties, swiftName == ResourceRenderer.additionalPropertiesName {
                sink.report(field.location, "field '\(field.name)' clashes with the additionalProperties of '\(declaration.name)'")
            }
            swiftNames[swiftName] = field.name
        }
    }

    private func validateErrorCatalogue(_ catalogue: ErrorCatalogueDecl, _ sink: DiagnosticSink) {
        validateTypeName(catalogue.typeName, catalogue.location, sink)
        var codes: Set<String> = []
        var swiftNames: [String: String] = [:]
        for code in catalogue.codes {
            if !codes.insert(code.code).inserted {
                sink.report(code.location, "duplicate error code '\(code.code)'")
                continue
            }
            if code.variants.isEmpty {
                sink.report(code.location, "error code '\(code.code)' has no variants")
            }
            for variant in code.variants {
                if let status = variant.status, !(100...599).contains(status) {
                    sink.report(variant.location, "HTTP status \(status) of '\(code.code)' is not between 100 and 599")
                }
            }
            guard let swiftName = Naming.lowerCamel(code.code) else {
                sink.report(code.location, "error code '\(code.code)' does not give a Swift name")
                continue
            }
            if let other = swiftNames[swiftName] {
                sink.report(code.location, "error codes '\(other)' and '\(code.code)' both map to the Swift name '\(swiftName)'")
            }
            swiftNames[swiftName] = code.code
        }
    }

    private func validateEndpoint(_ endpoint: EndpointDecl, _ symbols: SymbolTable, _ sink: DiagnosticSink) {
        if EndpointNaming.typeName(endpoint) == nil {
            sink.report(endpoint.location, "endpoint name '\(endpoint.name)' does not give a Swift type name")
        }
        if !["GET", "POST", "PUT", "PATCH", "DELETE"].contains(endpoint.method) {
            sink.report(endpoint.location, "unsupported HTTP method '\(endpoint.method)' (GET, POST, PUT, PATCH or DELETE)")
        }
        if !endpoint.path.hasPrefix("/") || endpoint.path.contains("?") || endpoint.path.contains("#") {
            sink.report(endpoint.location, "path '\(endpoint.path)' must start with / and carry no query or fragment")
        }
        let placeholders = EndpointNaming.placeholders(in: endpoint.path)
        let declared = endpoint.pathParameters.map(\.name)
        for placeholder in placeholders where !declared.contains(placeholder) {
            sink.report(endpoint.location, "path parameter '{\(placeholder)}' has no pathParameters entry")
        }
        for parameter in endpoint.pathParameters {
            if !placeholders.contains(parameter.name) {
                sink.report(parameter.location, "path parameter '\(parameter.name)' does not appear in the path '\(endpoint.path)'")
            }
            if Naming.lowerCamel(parameter.name) == nil {
                sink.report(parameter.location, "path parameter '\(parameter.name)' does not give a Swift name")
            }
        }
        if Set(placeholders).count != placeholders.count {
            sink.report(endpoint.location, "path '\(endpoint.path)' names a parameter twice")
        }
        if endpoint.method == "GET", !endpoint.body.isEmpty {
            sink.report(endpoint.location, "a GET endpoint cannot have a body")
        }
        var names: Set<String> = Set(endpoint.pathParameters.map(\.name))
        for field in endpoint.query + endpoint.body {
            if !names.insert(field.name).inserted {
                sink.report(field.location, "duplicate parameter '\(field.name)' in endpoint '\(endpoint.name)'")
            }
            if Naming.lowerCamel(field.name) == nil {
                sink.report(field.location, "parameter '\(field.name)' does not give a Swift name")
            }
            validateReferences(field.type, symbols, field.location, sink)
            if !isFormEncodable(field.type, symbols) {
                sink.report(field.location, "parameter '\(field.name)' has type '\(field.type)', which cannot be form encoded (string, boolean, integer, json, an enumeration, or an array of strings or enumerations)")
            }
        }
        switch endpoint.response.shape {
        case "enveloped":
            if symbols.envelopeClientType == nil {
                sink.report(endpoint.response.location, "an enveloped response needs an envelope declaration naming the client type")
            }
        case "bare":
            break
        default:
            sink.report(endpoint.response.location, "response shape '\(endpoint.response.shape)' is not 'enveloped' or 'bare'")
        }
        validateReferences(endpoint.response.type, symbols, endpoint.response.location, sink)
    }

    private func isFormEncodable(_ type: TypeReference, _ symbols: SymbolTable) -> Bool {
        switch type {
        case .string, .boolean, .integer, .json: true
        case .named(let name): [.enumeration, .errorCatalogue].contains(symbols.kinds[name])
        case .array(.string): true
        case .array(.named(let name)): [.enumeration, .errorCatalogue].contains(symbols.kinds[name])
        default: false
        }
    }
}

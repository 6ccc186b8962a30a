/// Checks the resolved schema for what resolving alone cannot see: names refer to declared
/// types, nothing is declared twice, Swift names are distinct within their scope, endpoint
/// paths match their parameters, form fields can be form encoded. An invalid schema never
/// produces output.
public struct SchemaValidator {
    public init() {}

    public func validate(_ schema: ResolvedSchema) -> [SchemaDiagnostic] {
        let validation = Validation(schema: schema, sink: DiagnosticSink())
        validation.validateTypeDeclarations()
        validation.validateEnvelopes()
        validation.validateOutputFiles()
        for document in schema.documents {
            document.enums.forEach(validation.validate)
            document.resources.forEach(validation.validate)
            document.errorCatalogue.map(validation.validate)
            document.endpoints.forEach(validation.validate)
        }
        validation.validateEndpointNames()
        return validation.sink.diagnostics
    }
}

/// The checks of one validation run.
struct Validation {
    let schema: ResolvedSchema
    let sink: DiagnosticSink

    func validateTypeDeclarations() {
        var first: [String: SchemaLocation] = [:]
        for declaration in schema.typeDeclarations {
            if let previous = first[declaration.name] {
                sink.report(declaration.location, "duplicate type name '\(declaration.name)' (first declared at \(previous))")
            } else {
                first[declaration.name] = declaration.location
            }
        }
    }

    func validateEnvelopes() {
        for envelope in schema.envelopes.dropFirst() {
            sink.report(envelope.location, "a second envelope declaration; only one document may declare the envelope")
        }
        for envelope in schema.envelopes where schema.kinds[envelope.clientType] != .resource {
            sink.report(envelope.location, "envelope client type '\(envelope.clientType)' is not a declared resource")
        }
    }

    func validateOutputFiles() {
        var sources: [String: String] = [:]
        for document in schema.documents {
            if let other = sources[document.outputFileName] {
                sink.report(document.location, "renders to \(document.outputFileName), as \(other) does; rename one of the files")
            } else {
                sources[document.outputFileName] = document.schemaFile
            }
        }
    }

    func validateEndpointNames() {
        var first: [String: SchemaLocation] = [:]
        for endpoint in schema.documents.flatMap(\.endpoints) {
            if let previous = first[endpoint.name] {
                sink.report(endpoint.location, "duplicate endpoint name '\(endpoint.name)' (first declared at \(previous))")
            } else {
                first[endpoint.name] = endpoint.location
            }
        }
    }

    /// Reports each name a type refers to that is not a declared resource, enumeration or catalogue.
    func validateReferences(_ type: TypeReference, at location: SchemaLocation) {
        for name in type.referencedNames {
            switch schema.kinds[name] {
            case .resource?, .enumeration?, .errorCatalogue?: continue
            case .request?: sink.report(location, "type '\(name)' is an endpoint, not a resource or enumeration")
            case nil: sink.report(location, "unknown type reference '\(name)'")
            }
        }
    }
}

/// The Swift names taken in one scope (a type's members), and by which wire name.
struct SwiftNameScope {
    enum Clash {
        /// The generated code declares a member of that name itself.
        case reserved
        case taken(byWireName: String)
    }

    private let reserved: Set<String>
    private var owners: [String: String] = [:]

    init(reserved: Set<String> = []) {
        self.reserved = reserved
    }

    /// Takes the name for `wireName`, or says why it cannot.
    mutating func claim(_ name: SwiftIdentifier, for wireName: String) -> Clash? {
        if reserved.contains(name.name) { return .reserved }
        if let owner = owners[name.name] { return .taken(byWireName: owner) }
        owners[name.name] = wireName
        return nil
    }
}

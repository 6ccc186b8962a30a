/// The declared type names of a schema and what each one is.
public struct SymbolTable: Sendable {
    public enum Kind: Sendable, Hashable {
        case resource
        case enumeration
        case errorCatalogue
        case endpoint
    }

    public private(set) var kinds: [String: Kind] = [:]
    public private(set) var locations: [String: SchemaLocation] = [:]
    /// The resource that envelopes carry under `client`, if the schema names one.
    public private(set) var envelopeClientType: String?

    /// Builds the table; a second declaration of a name is reported and ignored.
    init(schema: Schema, sink: DiagnosticSink) {
        for document in schema.documents {
            for declaration in document.enums { declare(declaration.name, .enumeration, declaration.location, sink) }
            for declaration in document.resources { declare(declaration.name, .resource, declaration.location, sink) }
            if let catalogue = document.errorCatalogue {
                declare(catalogue.typeName, .errorCatalogue, catalogue.location, sink)
            }
            for endpoint in document.endpoints {
                if let typeName = EndpointNaming.typeName(endpoint) {
                    declare(typeName, .endpoint, endpoint.location, sink)
                }
            }
            if let envelope = document.envelope {
                if envelopeClientType != nil {
                    sink.report(envelope.location, "a second envelope declaration; only one document may declare the envelope")
                } else {
                    envelopeClientType = envelope.clientType
                }
            }
        }
    }

    public init(schema: Schema) {
        self.init(schema: schema, sink: DiagnosticSink())
    }

    private mutating func declare(_ name: String, _ kind: Kind, _ location: SchemaLocation, _ sink: DiagnosticSink) {
        if let previous = locations[name] {
            sink.report(location, "duplicate type name '\(name)' (first declared at \(previous))")
            return
        }
        kinds[name] = kind
        locations[name] = location
    }
}

/// Names derived from an endpoint declaration.
enum EndpointNaming {
    /// `createSignIn` → `CreateSignInRequest`.
    static func typeName(_ endpoint: EndpointDecl) -> String? {
        Naming.upperCamel(endpoint.name).map { $0 + "Request" }
    }

    /// The `{name}` placeholders of a path, in order.
    static func placeholders(in path: String) -> [String] {
        path.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }
}

/// The resolve step: decides every Swift name, type spelling and optionality of a parsed
/// schema, once. A name it cannot derive is reported and stands in as the schema spells it,
/// so that the rest still resolves and validation can report every other problem too.
public struct SchemaResolver {
    public init() {}

    public func resolve(_ schema: Schema) -> (ResolvedSchema, [SchemaDiagnostic]) {
        let sink = DiagnosticSink()
        let envelopes = schema.documents.compactMap(\.envelope)
        let resolution = Resolution(
            openStringTypes: Set(
                schema.documents.flatMap { document in
                    document.enums.map(\.name) + (document.errorCatalogue.map { [$0.typeName] } ?? [])
                }),
            envelopeClientType: envelopes.first?.clientType,
            sink: sink
        )
        let documents = schema.documents.map(resolution.resolve)
        let declarations = documents.flatMap(Self.typeDeclarations)
        var kinds: [String: TypeDeclaration.Kind] = [:]
        for declaration in declarations where kinds[declaration.name] == nil {
            kinds[declaration.name] = declaration.kind
        }
        let resolved = ResolvedSchema(documents: documents, typeDeclarations: declarations, kinds: kinds, envelopes: envelopes)
        return (resolved, sink.diagnostics)
    }

    private static func typeDeclarations(_ document: ResolvedDocument) -> [TypeDeclaration] {
        document.enums.map { TypeDeclaration(name: $0.name, kind: .enumeration, location: $0.location) }
            + document.resources.map { TypeDeclaration(name: $0.name, kind: .resource, location: $0.location) }
            + (document.errorCatalogue.map { [TypeDeclaration(name: $0.typeName, kind: .errorCatalogue, location: $0.location)] } ?? [])
            + document.endpoints.map { TypeDeclaration(name: $0.typeName, kind: .request, location: $0.location) }
    }
}

/// What resolving one declaration needs to know about the whole schema.
struct Resolution {
    /// Enumerations and error catalogues: the named types a form can carry.
    let openStringTypes: Set<String>
    let envelopeClientType: String?
    let sink: DiagnosticSink

    func resolve(_ document: SchemaDocument) -> ResolvedDocument {
        let location = SchemaLocation(file: document.file, path: "$")
        let outputFileName =
            Naming.outputFileName(forSchemaFile: document.file)
            ?? {
                sink.report(location, "the file name does not give a Swift file name")
                return document.file
            }()
        return ResolvedDocument(
            schemaFile: document.file, outputFileName: outputFileName, doc: document.doc,
            enums: document.enums.map(resolve), resources: document.resources.map(resolve),
            errorCatalogue: document.errorCatalogue.map(resolve), endpoints: document.endpoints.map(resolve),
            location: location
        )
    }

    /// Reports a declared type name that is not an UpperCamelCase identifier.
    func checkTypeName(_ name: String, _ location: SchemaLocation) {
        if !Naming.isTypeName(name) {
            sink.report(location, "type name '\(name)' is not an UpperCamelCase Swift identifier")
        }
    }

    /// The Swift name of a member: `swiftName` if the schema gives one, else the lowerCamelCase of
    /// the wire name. `problem` words the diagnostic when neither is an identifier.
    func memberName(_ wireName: String, swiftName: String? = nil, at location: SchemaLocation, problem: String) -> SwiftIdentifier {
        guard let name = swiftName ?? Naming.lowerCamel(wireName), Naming.isIdentifier(name) else {
            sink.report(location, problem)
            return Naming.identifier(swiftName ?? wireName)
        }
        return Naming.identifier(name)
    }
}

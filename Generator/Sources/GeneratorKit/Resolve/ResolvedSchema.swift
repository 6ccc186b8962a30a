/// The schema with every Swift name, type spelling and optionality decided: what validation
/// checks and the renderers print.
public struct ResolvedSchema: Sendable, Hashable {
    var documents: [ResolvedDocument]
    /// Every type declaration, in schema order (duplicates included).
    var typeDeclarations: [TypeDeclaration]
    /// What each declared name is; where a name is declared twice the first declaration counts.
    var kinds: [String: TypeDeclaration.Kind]
    /// Every envelope declaration, in schema order; the first one counts.
    var envelopes: [EnvelopeDecl]

    /// The Swift type enveloped answers carry under `client`.
    var envelopeClientType: String? { envelopes.first?.clientType }
}

/// A declared Swift type name.
struct TypeDeclaration: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case resource
        case enumeration
        case errorCatalogue
        case request
    }

    var name: String
    var kind: Kind
    var location: SchemaLocation
}

/// One schema file, rendered to one Swift file.
struct ResolvedDocument: Sendable, Hashable {
    /// The schema file, relative to the schema folder.
    var schemaFile: String
    /// `sign_in.json` → `SignIn.swift`.
    var outputFileName: String
    var doc: String?
    var enums: [ResolvedEnum]
    var resources: [ResolvedResource]
    var errorCatalogue: ResolvedErrorCatalogue?
    var endpoints: [ResolvedEndpoint]
    var location: SchemaLocation
}

/// The schema after parsing: every document, in file order.
public struct Schema: Sendable, Hashable {
    public var documents: [SchemaDocument]

    public init(documents: [SchemaDocument]) {
        self.documents = documents
    }
}

/// One schema file. It renders to one generated Swift file named after it.
public struct SchemaDocument: Sendable, Hashable {
    /// The path relative to the schema folder, e.g. `sign_in.json`.
    public var file: String
    public var doc: String?
    public var enums: [EnumDecl] = []
    public var resources: [ResourceDecl] = []
    public var errorCatalogue: ErrorCatalogueDecl?
    public var endpoints: [EndpointDecl] = []
    public var envelope: EnvelopeDecl?

    public init(file: String, doc: String? = nil) {
        self.file = file
        self.doc = doc
    }
}

public struct ResourceDecl: Sendable, Hashable {
    public var name: String
    public var doc: String?
    /// The spec schema(s) this resource is taken from.
    public var spec: String?
    /// Every field decodes when absent (real responses of older API versions lack required fields).
    public var lenient: Bool
    /// Keys the fields do not name are kept in `additionalProperties` and written back.
    public var additionalProperties: Bool
    public var fields: [FieldDecl]
    public var location: SchemaLocation
}

public struct FieldDecl: Sendable, Hashable {
    /// The wire (JSON) name.
    public var name: String
    public var type: TypeReference
    public var required: Bool
    public var nullable: Bool
    public var doc: String?
    /// Never shown in descriptions, dumps or mirrors.
    public var secret: Bool
    /// The single value the field always has (the `object` discriminator).
    public var constant: String?
    public var deprecated: Bool
    /// Why the field is here although the spec lacks it.
    public var extensionNote: String?
    public var swiftName: String?
    public var location: SchemaLocation
}

public struct EnumDecl: Sendable, Hashable {
    public var name: String
    public var doc: String?
    public var values: [EnumValueDecl]
    public var location: SchemaLocation
}

public struct EnumValueDecl: Sendable, Hashable {
    public var value: String
    public var doc: String?
    public var swiftName: String?
    public var location: SchemaLocation
}

public struct ErrorCatalogueDecl: Sendable, Hashable {
    public var typeName: String
    public var codes: [ErrorCodeDecl]
    public var location: SchemaLocation
}

public struct ErrorCodeDecl: Sendable, Hashable {
    public var code: String
    public var doc: String?
    public var variants: [ErrorVariantDecl]
    public var location: SchemaLocation
}

public struct ErrorVariantDecl: Sendable, Hashable {
    public var name: String
    /// nil where the catalogue gives no status.
    public var status: Int?
    public var shortMessage: String?
    public var longMessage: String?
    public var location: SchemaLocation
}

public struct EndpointDecl: Sendable, Hashable {
    public var name: String
    public var operationID: String
    public var doc: String?
    public var method: HTTPMethod
    public var path: String
    public var pathParameters: [PathParameterDecl]
    public var query: [FormFieldDecl]
    public var body: [FormFieldDecl]
    public var response: ResponseDecl
    public var retryable: Bool
    public var location: SchemaLocation
}

public struct PathParameterDecl: Sendable, Hashable {
    public var name: String
    public var doc: String?
    public var location: SchemaLocation
}

/// A query or form body parameter.
public struct FormFieldDecl: Sendable, Hashable {
    public var name: String
    public var type: TypeReference
    public var required: Bool
    public var secret: Bool
    public var doc: String?
    public var extensionNote: String?
    public var location: SchemaLocation
}

public struct ResponseDecl: Sendable, Hashable {
    public var shape: ResponseShape
    public var type: TypeReference
    public var nullable: Bool
    public var location: SchemaLocation
}

/// Names the resource that envelopes carry under `client`.
public struct EnvelopeDecl: Sendable, Hashable {
    public var clientType: String
    public var location: SchemaLocation
}

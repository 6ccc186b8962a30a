/// The schema after parsing: every document, in file order.
public struct Schema: Sendable, Hashable {
    /// The documents, in path order.
    public var documents: [SchemaDocument]

    /// A schema of these documents.
    public init(documents: [SchemaDocument]) {
        self.documents = documents
    }
}

/// One schema file. It renders to one generated Swift file named after it.
public struct SchemaDocument: Sendable, Hashable {
    /// The path relative to the schema folder, e.g. `sign_in.json`.
    public var file: String
    /// What the file covers; the generated file's header comment.
    public var doc: String?
    /// Its open string enumerations.
    public var enums: [EnumDecl] = []
    /// Its JSON objects.
    public var resources: [ResourceDecl] = []
    /// The error-code catalogue, in the one document that has it.
    public var errorCatalogue: ErrorCatalogueDecl?
    /// Its typed request descriptions.
    public var endpoints: [EndpointDecl] = []
    /// The resource enveloped answers carry under `client`.
    public var envelope: EnvelopeDecl?

    /// An empty document for `file`.
    public init(file: String, doc: String? = nil) {
        self.file = file
        self.doc = doc
    }
}

/// A resource: a JSON object, rendered as a `Codable` struct.
public struct ResourceDecl: Sendable, Hashable {
    /// The Swift type name.
    public var name: String
    /// Doc comment.
    public var doc: String?
    /// The spec schema(s) this resource is taken from.
    public var spec: String?
    /// Every field decodes when absent (real responses of older API versions lack required fields).
    public var lenient: Bool
    /// Keys the fields do not name are kept in `additionalProperties` and written back.
    public var additionalProperties: Bool
    /// The fields, in wire order.
    public var fields: [FieldDecl]
    /// Where it is declared.
    public var location: SchemaLocation
}

/// One field of a resource.
public struct FieldDecl: Sendable, Hashable {
    /// The wire (JSON) name.
    public var name: String
    /// The schema type.
    public var type: TypeReference
    /// The spec lists the field as required.
    public var required: Bool
    /// The field may be `null`.
    public var nullable: Bool
    /// Doc comment.
    public var doc: String?
    /// Never shown in descriptions, dumps or mirrors.
    public var secret: Bool
    /// The single value the field always has (the `object` discriminator).
    public var constant: String?
    /// Deprecated by the API.
    public var deprecated: Bool
    /// Why the field is here although the spec lacks it.
    public var extensionNote: String?
    /// Overrides the Swift name.
    public var swiftName: String?
    /// Where it is declared.
    public var location: SchemaLocation
}

/// An open string enumeration.
public struct EnumDecl: Sendable, Hashable {
    /// The Swift type name.
    public var name: String
    /// Doc comment.
    public var doc: String?
    /// The wire values, in declaration order.
    public var values: [EnumValueDecl]
    /// Where it is declared.
    public var location: SchemaLocation
}

/// One value of an enumeration.
public struct EnumValueDecl: Sendable, Hashable {
    /// The wire string.
    public var value: String
    /// Doc comment.
    public var doc: String?
    /// Overrides the Swift name.
    public var swiftName: String?
    /// Where it is declared.
    public var location: SchemaLocation
}

/// The error-code catalogue.
public struct ErrorCatalogueDecl: Sendable, Hashable {
    /// The Swift type name of the catalogue.
    public var typeName: String
    /// The codes, unique.
    public var codes: [ErrorCodeDecl]
    /// Where it is declared.
    public var location: SchemaLocation
}

/// One error code.
public struct ErrorCodeDecl: Sendable, Hashable {
    /// The wire code, e.g. `form_password_incorrect`.
    public var code: String
    /// Doc comment.
    public var doc: String?
    /// Clerk's catalogue entries for the code.
    public var variants: [ErrorVariantDecl]
    /// Where it is declared.
    public var location: SchemaLocation
}

/// One of Clerk's catalogue entries for a code.
public struct ErrorVariantDecl: Sendable, Hashable {
    /// The catalogue entry's name.
    public var name: String
    /// nil where the catalogue gives no status.
    public var status: Int?
    /// The catalogue's short message.
    public var shortMessage: String?
    /// The catalogue's long message.
    public var longMessage: String?
    /// Where it is declared.
    public var location: SchemaLocation
}

/// A typed request description.
public struct EndpointDecl: Sendable, Hashable {
    /// lowerCamelCase name; the request type is its UpperCamelCase plus `Request`.
    public var name: String
    /// The spec's operationId.
    public var operationID: String
    /// Doc comment.
    public var doc: String?
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path, parameters as `{name}`.
    public var path: String
    /// The path placeholders.
    public var pathParameters: [PathParameterDecl]
    /// Form fields sent in the query.
    public var query: [FormFieldDecl]
    /// Form fields sent as the form-encoded body.
    public var body: [FormFieldDecl]
    /// What the answer carries.
    public var response: ResponseDecl
    /// Safe for a client to repeat on its own.
    public var retryable: Bool
    /// Where it is declared.
    public var location: SchemaLocation
}

/// A path placeholder.
public struct PathParameterDecl: Sendable, Hashable {
    /// The placeholder name.
    public var name: String
    /// Doc comment.
    public var doc: String?
    /// Where it is declared.
    public var location: SchemaLocation
}

/// A query or form body parameter.
public struct FormFieldDecl: Sendable, Hashable {
    /// The wire name.
    public var name: String
    /// The schema type (string, boolean, integer, json, an enumeration or an array of those).
    public var type: TypeReference
    /// The request always carries it.
    public var required: Bool
    /// Never shown in descriptions or logs.
    public var secret: Bool
    /// Doc comment.
    public var doc: String?
    /// Why the field is here although the spec lacks it.
    public var extensionNote: String?
    /// Where it is declared.
    public var location: SchemaLocation
}

/// What an endpoint's answer carries.
public struct ResponseDecl: Sendable, Hashable {
    /// Enveloped or bare.
    public var shape: ResponseShape
    /// The resource type.
    public var type: TypeReference
    /// The resource may be `null`.
    public var nullable: Bool
    /// Where it is declared.
    public var location: SchemaLocation
}

/// Names the resource that envelopes carry under `client`.
public struct EnvelopeDecl: Sendable, Hashable {
    /// The client resource type.
    public var clientType: String
    /// Where it is declared.
    public var location: SchemaLocation
}

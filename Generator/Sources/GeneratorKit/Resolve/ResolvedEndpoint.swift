/// An endpoint as a request type.
struct ResolvedEndpoint: Sendable, Hashable {
    /// The schema name, `createSignIn`.
    var name: String
    /// `CreateSignInRequest`.
    var typeName: String
    var operationID: String
    var doc: String?
    var method: HTTPMethod
    /// The `RequestMethod` case: `post`.
    var methodCase: String
    /// The path template, `/v1/client/sign_ins/{sign_in_id}`.
    var path: String
    /// The `{name}` placeholders of the path, in order.
    var placeholders: [String]
    /// The path as literal pieces and escaped parameters.
    var pathComponents: [PathComponent]
    var pathParameters: [ResolvedPathParameter]
    var query: [ResolvedFormField]
    var bodyFields: [ResolvedFormField]
    /// The request's `body` property; its default is an empty body unless a body field is required.
    var bodyProperty: StoredProperty
    /// Whether the initializer takes the body; when not (a `GET`), it sets the default.
    var initializerTakesBody: Bool
    /// The names of the members every request declares, which parameters must not take.
    var requestMemberNames: Set<String>
    var response: ResolvedResponse
    var retryable: Bool
    var location: SchemaLocation
}

enum PathComponent: Sendable, Hashable {
    case literal(String)
    case parameter(SwiftIdentifier)
}

struct ResolvedPathParameter: Sendable, Hashable {
    var wireName: String
    var property: StoredProperty
    var doc: String?
    var location: SchemaLocation
}

/// A query or form body parameter.
struct ResolvedFormField: Sendable, Hashable {
    var wireName: String
    var schemaType: TypeReference
    var property: StoredProperty
    var required: Bool
    /// How the value is written to and read from a form; nil when the type cannot be form encoded.
    var coding: FormCoding?
    var documentation: MemberDocumentation
    var location: SchemaLocation
}

/// The form encodings of parameter values.
enum FormCoding: Sendable, Hashable {
    case string
    case boolean
    case integer
    case json
    case strings
    /// An open string type, written by its raw value.
    case openString(typeName: String)
    case openStrings(typeName: String)
}

struct ResolvedResponse: Sendable, Hashable {
    var shape: ResponseShape
    /// The `ResponseShape` case: `enveloped`.
    var shapeCase: String
    var schemaType: TypeReference
    /// The request's `Response`: `ClientEnvelope<SignIn?, ClientResource>` or the bare type.
    var type: String
    var location: SchemaLocation
}

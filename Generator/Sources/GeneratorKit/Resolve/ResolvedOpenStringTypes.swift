/// A constant of an open string type: an enumeration value or an error code.
struct OpenStringMember: Sendable, Hashable {
    /// The wire string.
    var rawValue: String
    var name: SwiftIdentifier
    var doc: String?
    var location: SchemaLocation
}

struct ResolvedEnum: Sendable, Hashable {
    var name: String
    var doc: String?
    var values: [OpenStringMember]
    /// The static member listing the values.
    var knownValuesMember: SwiftIdentifier
    var location: SchemaLocation
}

struct ResolvedErrorCatalogue: Sendable, Hashable {
    var typeName: String
    var codes: [ResolvedErrorCode]
    /// The static member listing the codes.
    var knownValuesMember: SwiftIdentifier
    var location: SchemaLocation
}

struct ResolvedErrorCode: Sendable, Hashable {
    var member: OpenStringMember
    var variants: [ErrorVariantDecl]
}

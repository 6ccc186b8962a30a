/// A resource as a Codable struct.
struct ResolvedResource: Sendable, Hashable {
    var name: String
    var doc: String?
    var spec: String?
    var lenient: Bool
    var fields: [ResolvedField]
    /// The property that keeps keys the fields do not name; nil unless the resource keeps them.
    var additionalProperties: StoredProperty?
    var location: SchemaLocation

    /// Every stored property, in declaration order.
    var storedProperties: [StoredProperty] { fields.map(\.property) + (additionalProperties.map { [$0] } ?? []) }
}

/// A field of a resource: its property and how it is coded.
struct ResolvedField: Sendable, Hashable {
    /// The JSON key.
    var wireName: String
    var schemaType: TypeReference
    var property: StoredProperty
    /// Written even when nil (as `null`): the spec requires the key.
    var alwaysEncoded: Bool
    var documentation: MemberDocumentation
    /// The one value the field always has.
    var constant: String?
    var location: SchemaLocation
}

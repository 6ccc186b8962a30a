/// One difference between `Schema/` and the spec or the error catalogue.
public struct DriftChange: Sendable, Hashable, Codable {
    public var level: DriftLevel
    /// What changed, e.g. `field-removed`, `enum-value-added`, `operation-uncovered`.
    public var kind: String
    /// The schema file and the resource, enumeration or operationId and field it concerns,
    /// e.g. `sign_in.json SignIn.status`.
    public var location: String
    public var message: String
    /// What `--apply` writes into `Schema/` for this change; only additive (INFO) changes have one.
    public var addition: SchemaAddition?

    /// A change; `addition` only for INFO changes `--apply` may write.
    public init(level: DriftLevel, kind: String, location: String, message: String, addition: SchemaAddition? = nil) {
        self.level = level
        self.kind = kind
        self.location = location
        self.message = message
        self.addition = level == .info ? addition : nil
    }

    private enum CodingKeys: String, CodingKey {
        case level, kind, location, message
    }
}

/// An additive change `--apply` writes into a schema file.
public enum SchemaAddition: Sendable, Hashable {
    /// A new optional field of a resource, with the spec's description.
    case field(file: String, resource: String, name: String, type: String, nullable: Bool, doc: String?)
    /// A new optional query or body field of an endpoint.
    case formField(file: String, endpoint: String, section: String, name: String, type: String, doc: String?)
    /// A new value of an enumeration.
    case enumValue(file: String, enumName: String, value: String)
    /// A new error code with its catalogue entries.
    case errorCode(file: String, code: String, variants: [CatalogueEntry])
    /// A new catalogue entry of a code the schema has.
    case errorVariant(file: String, code: String, variant: CatalogueEntry)
}

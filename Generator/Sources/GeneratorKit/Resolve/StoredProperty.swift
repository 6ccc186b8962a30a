/// A stored property of a generated struct, everything its declaration, memberwise initializer
/// and mirror need.
struct StoredProperty: Sendable, Hashable {
    var name: SwiftIdentifier
    /// The type without optionality: `ClerkTimestamp`, `[String: JSONValue]`.
    var baseType: String
    var isOptional: Bool
    /// The declared type: `baseType`, with `?` when optional.
    var type: String
    var isSecret: Bool
    /// The initializer's default argument; nil when the caller must pass a value.
    var defaultValue: DefaultValue?

    init(name: SwiftIdentifier, baseType: String, isOptional: Bool, isSecret: Bool = false, defaultValue: DefaultValue? = nil) {
        self.name = name
        self.baseType = baseType
        self.isOptional = isOptional
        self.type = isOptional ? baseType + "?" : baseType
        self.isSecret = isSecret
        self.defaultValue = defaultValue
    }
}

/// A default argument of a generated initializer.
enum DefaultValue: Sendable, Hashable {
    case `nil`
    case string(String)
    case emptyDictionary
    /// `Type()`.
    case emptyInstance(typeName: String)
}

/// The notes a member's doc comment is made of.
struct MemberDocumentation: Sendable, Hashable {
    var summary: String?
    var deprecated = false
    /// Why the member is here although the spec lacks it.
    var extensionNote: String?
    var secret = false
}

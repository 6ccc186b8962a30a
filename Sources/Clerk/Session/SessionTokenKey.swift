/// What a session token is for: the session, the organization and the JWT template. The token
/// cache keeps one token per key.
public struct SessionTokenKey: Sendable, Hashable, CustomStringConvertible {
    /// The session (`sess_…`).
    public var sessionID: String
    /// The organization the token is for: nil for the session's active organization, the empty
    /// string for the personal account.
    public var organizationID: String?
    /// The JWT template's name; nil for the default session token.
    public var template: String?

    /// A key for `sessionID`, with an optional organization or template.
    public init(sessionID: String, organizationID: String? = nil, template: String? = nil) {
        self.sessionID = sessionID
        self.organizationID = organizationID
        self.template = template
    }

    /// The session, with the organization and template when set.
    public var description: String {
        var text = sessionID
        if let organizationID { text += " org=\(organizationID.isEmpty ? "personal" : organizationID)" }
        if let template { text += " template=\(template)" }
        return text
    }
}

/// What the user supplies to complete a strategy's attempt. Open, like `Strategy`: a strategy
/// from another module may name a kind of its own (`CredentialKind(rawValue: "security_key")`).
///
/// ```swift
/// public let credential = CredentialKind.link
/// ```
public struct CredentialKind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The kind's name.
    public let rawValue: String

    /// The kind named `rawValue`, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The account password, typed.
    public static let password = CredentialKind(rawValue: "password")
    /// A one-time code, typed (emailed, texted, from an authenticator app, or a backup code).
    public static let code = CredentialKind(rawValue: "code")
    /// Nothing typed: the user opens a link sent to them (an email link).
    public static let link = CredentialKind(rawValue: "link")
    /// Nothing typed: the app holds a token it got elsewhere (a ticket, an identity token).
    public static let token = CredentialKind(rawValue: "token")

    /// The kind's name.
    public var description: String { rawValue }
}

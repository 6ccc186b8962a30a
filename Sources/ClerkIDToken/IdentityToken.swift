import Clerk

/// An identity token the platform already gave the app: Sign in with Apple's `identityToken`
/// (with its `authorizationCode` when the app has it), a Google ID token, or a Google One Tap
/// credential. The SDK only passes it on; the Frontend API verifies it. Descriptions and dumps
/// never show the token or the code.
///
/// ```swift
/// let token = try IdentityToken(.apple, token: SecretString(identityToken), code: SecretString(authorizationCode))
/// ```
public struct IdentityToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The identity provider that issued the token.
    public let provider: IdentityProvider
    /// The ID token (a JWT), sent as `token`.
    public let token: SecretString
    /// The authorization code, sent as `code` where the provider gave one (not with One Tap).
    public let code: SecretString?

    /// A token of `provider`, with the authorization code when there is one.
    /// - Throws: `ClerkError.invalidInput` for an empty token, or a code given with Google One Tap
    ///   (which takes the token only).
    public init(_ provider: IdentityProvider, token: SecretString, code: SecretString? = nil) throws(ClerkError) {
        guard !token.revealed.isEmpty else {
            throw .invalidInput(InvalidInput(field: "token", reason: "the identity token is empty"))
        }
        if provider == .googleOneTap, code != nil {
            throw .invalidInput(InvalidInput(field: "code", reason: "google_one_tap takes the token only"))
        }
        self.provider = provider
        self.token = token
        self.code = code.flatMap { $0.revealed.isEmpty ? nil : $0 }
    }

    /// `IdentityToken(provider)`; never the token or the code.
    public var description: String { "IdentityToken(\(provider.strategy.rawValue))" }
    /// The same as `description`.
    public var debugDescription: String { description }
    /// Shows the provider only.
    public var customMirror: Mirror {
        Mirror(self, children: ["provider": provider.strategy.rawValue, "token": Redaction.placeholder], displayStyle: .struct)
    }
}

/// The identity providers whose tokens the Frontend API takes directly.
public enum IdentityProvider: String, Sendable, Hashable, CaseIterable {
    /// Sign in with Apple (`oauth_token_apple`).
    case apple
    /// Google, with an ID token (`oauth_token_google`).
    case google
    /// Google One Tap (`google_one_tap`).
    case googleOneTap = "google_one_tap"

    /// The strategy the API uses for this provider's tokens.
    public var strategy: Strategy {
        switch self {
        case .apple: .oauthTokenApple
        case .google: .oauthTokenGoogle
        case .googleOneTap: .googleOneTap
        }
    }
}

import Clerk

/// A provider the user signs in with through the browser (`oauth_google`, `oauth_apple`,
/// `oauth_github`, …): the instance must enable it.
public struct OAuthProvider: Sendable, Hashable, CustomStringConvertible {
    /// The strategy the API uses for it (`oauth_<name>`).
    public let strategy: Strategy

    /// The provider named `name` (`google`, `github`, …; lowercase letters only).
    /// - Throws: `ClerkError.invalidInput` for a name that cannot be a provider's.
    public init(_ name: String) throws(ClerkError) {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
            throw .invalidInput(InvalidInput(field: "strategy", reason: "an OAuth provider's name is lowercase letters (google, github)"))
        }
        strategy = Strategy(rawValue: "oauth_" + name)
    }

    private init(strategy: Strategy) {
        self.strategy = strategy
    }

    /// Google (`oauth_google`).
    public static let google = OAuthProvider(strategy: .oauthGoogle)
    /// Sign in with Apple through the browser (`oauth_apple`).
    public static let apple = OAuthProvider(strategy: .oauthApple)

    /// The strategy value.
    public var description: String { strategy.rawValue }
}

/// Keeps the client token in memory only: the default, and right for tests and short-lived tools.
public final class InMemoryTokenStore: TokenStore, CustomStringConvertible, CustomReflectable {
    private let token: Protected<String?>

    /// A store holding `token` (nil: empty).
    public init(token: String? = nil) {
        self.token = Protected(token)
    }

    /// Reads the stored token.
    public func loadToken() throws(ClerkError) -> String? {
        token.withValue { $0 }
    }

    /// Stores the token, or removes it when nil.
    public func saveToken(_ newToken: String?) throws(ClerkError) {
        token.withValue { $0 = newToken }
    }

    /// Whether a token is held; never the token.
    public var description: String {
        "InMemoryTokenStore(token: \(token.withValue { $0 == nil ? "nil" : Redaction.placeholder }))"
    }

    /// A mirror that hides the token.
    public var customMirror: Mirror {
        Mirror(self, children: ["token": token.withValue { $0 == nil ? "nil" : Redaction.placeholder }], displayStyle: .class)
    }
}

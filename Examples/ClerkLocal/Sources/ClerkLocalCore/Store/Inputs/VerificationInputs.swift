import ClerkAPI

/// Asks for a code to verify an address or number (a sign-up's, or one added on the account).
package struct CodePreparation: Sendable {
    package var strategy: Strategy
    /// Where an email link redirects once opened.
    package var redirectURL: String?
    /// A native email link's PKCE challenge (`code_challenge`) and its method (`code_challenge_method`).
    package var codeChallenge: String?
    package var codeChallengeMethod: String?
    package init(strategy: Strategy, redirectURL: String? = nil, codeChallenge: String? = nil, codeChallengeMethod: String? = nil) {
        self.strategy = strategy
        self.redirectURL = redirectURL
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
    }
}

/// A code entered to verify a sign-up's address or number.
package struct VerificationAttempt: Sendable {
    package var strategy: Strategy
    package var code: String?
    package init(strategy: Strategy, code: String? = nil) {
        self.strategy = strategy
        self.code = code
    }
}

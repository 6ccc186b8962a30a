import ClerkAPI

/// Asks for a code to verify an address or number (a sign-up's, or one added on the account).
struct CodePreparation: Sendable {
    var strategy: Strategy
}

/// A code entered to verify a sign-up's address or number.
struct VerificationAttempt: Sendable {
    var strategy: Strategy
    var code: String?
}

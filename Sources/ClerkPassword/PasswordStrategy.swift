import Clerk

/// Password as first factor. A password sign-in is one request:
/// `POST /v1/client/sign_ins {identifier, password}`; the answer is `complete`,
/// `needs_second_factor` or `needs_client_trust`.
///
/// ```swift
/// let registry = try FactorRegistry([PasswordStrategy()])
/// ```
public struct PasswordStrategy: FactorStrategy {
    /// The strategy value this module handles.
    public let strategy = Strategy.password
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage> = [.firstFactor]
    /// What the user supplies.
    public let credential = CredentialKind.password
    /// Starts a sign-in with `{identifier, password}`; nothing is sent before an attempt.
    public let capabilities: FactorCapabilities = .startsSignIn

    /// The password strategy.
    public init() {}
}

extension ClerkClient {
    /// Signs in with identifier and password in one request
    /// (`POST /v1/client/sign_ins {identifier, password}`). Finalize the returned handle when it
    /// is complete; otherwise it needs a second factor or client trust.
    public func signInWithPassword(identifier: String, password: SecretString) async throws(ClerkError) -> SignInHandle {
        try await createSignIn(CreateSignInRequest.Body(identifier: identifier, password: password.revealed))
    }
}

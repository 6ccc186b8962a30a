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

    /// The password strategy.
    public init() {}

    /// `{identifier, password}`: the whole password sign-in in one request.
    public func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body? {
        CreateSignInRequest.Body(identifier: identifier, password: password?.revealed)
    }

    /// A password needs no prepare step.
    public func prepareFirstFactor(_ factor: SignInFactor) -> PrepareSignInFirstFactorRequest.Body? { nil }

    /// `{strategy: password, password}`.
    public func attemptFirstFactor(_ secret: SecretString) -> AttemptSignInFirstFactorRequest.Body {
        AttemptSignInFirstFactorRequest.Body(strategy: .password, password: secret.revealed)
    }
}

extension ClerkClient {
    /// Signs in with identifier and password in one request
    /// (`POST /v1/client/sign_ins {identifier, password}`). Finalize the returned handle when it
    /// is complete; otherwise it needs a second factor or client trust.
    public func signInWithPassword(identifier: String, password: SecretString) async throws(ClerkError) -> SignInHandle {
        try await createSignIn(CreateSignInRequest.Body(identifier: identifier, password: password.revealed))
    }
}

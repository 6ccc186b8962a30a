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

    /// Asks the password first, so that the sign-in and its first factor are one request; a
    /// refused password is asked again.
    public func start(_ context: SignInStartContext) async throws(ClerkError) -> FlowDriver.Step<SignInHandle> {
        try await context.askSecret(.password) { _, refusal in .password(identifier: context.identifier, retry: refusal) }
    }

    /// Asks the password until the API accepts one (a sign-in's first factor, a re-verification).
    public func verify<Handle: Sendable>(_ context: FactorStepContext<Handle>) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        try await context.askSecret(.password) { _, refusal in .password(identifier: context.identifier ?? "", retry: refusal) }
    }

    /// `{identifier, password}`.
    public func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(identifier: identifier, password: password?.revealed)
    }

    /// `{strategy: password, password}`.
    public func attemptFirstFactor(_ secret: SecretString) -> AttemptSignInFirstFactorRequest.Body {
        AttemptSignInFirstFactorRequest.Body(strategy: strategy, password: secret.revealed)
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

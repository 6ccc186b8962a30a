import Clerk

/// Email code: as first factor, as second factor, and to verify a sign-up's email address.
///
/// As first factor, the sign-in starts in one request that also sends the code
/// (`POST /v1/client/sign_ins {identifier, strategy: email_code}`), then one attempt verifies it.
///
/// ```swift
/// let registry = try FactorRegistry([EmailCodeStrategy()])
/// ```
public struct EmailCodeStrategy: FactorStrategy {
    /// The strategy value this module handles.
    public let strategy = Strategy.emailCode
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage>
    /// What the user supplies.
    public let credential = CredentialKind.code
    /// The sign-up field this strategy verifies.
    public let verifiedField: SignUpField? = .emailAddress
    /// Starts a sign-in with `{identifier, strategy: email_code}` (which sends the code) and sends
    /// a code before each stage's attempt.
    public let capabilities: FactorCapabilities = [.startsSignIn, .sendsCode]

    /// Email code at `stages` (by default first factor, second factor and sign-up verification).
    public init(stages: Set<FactorStage> = [.firstFactor, .secondFactor, .signUpVerification]) {
        self.stages = stages.subtracting([.clientTrust])
    }

    /// An email code factor that names the address its prepare step sends to.
    public func accepts(_ factor: SignInFactor) -> Bool {
        factor.strategy == .emailCode && factor.emailAddressID != nil
    }
}

extension ClerkClient {
    /// Starts an email code sign-in and sends the code, in one request
    /// (`POST /v1/client/sign_ins {identifier, strategy: email_code}`).
    public func startEmailCodeSignIn(emailAddress: String) async throws(ClerkError) -> SignInHandle {
        try await createSignIn(CreateSignInRequest.Body(strategy: .emailCode, identifier: emailAddress))
    }
}

extension SignInHandle {
    /// Verifies the emailed first-factor code (`attempt_first_factor`, never retried).
    public func verifyEmailCode(_ code: SecretString) async throws(ClerkError) -> SignInHandle {
        try await attemptFirstFactor(EmailCodeStrategy().attemptFirstFactor(code))
    }
}

extension SignUpHandle {
    /// Sends the code that verifies the sign-up's email address (`prepare_verification`).
    public func sendEmailCode() async throws(ClerkError) -> SignUpHandle {
        try await prepareVerification(PrepareSignUpVerificationRequest.Body(strategy: .emailCode))
    }

    /// Verifies the sign-up's email address with the code (`attempt_verification`, never retried).
    public func verifyEmailCode(_ code: SecretString) async throws(ClerkError) -> SignUpHandle {
        try await attemptVerification(EmailCodeStrategy().attemptVerification(code))
    }
}

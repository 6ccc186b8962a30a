/// One authentication strategy, as a module registers it into a `FactorRegistry`.
///
/// A strategy says what it is (`strategy`, `stages`, `credential`), what it can do
/// (`capabilities`, `verifiedField`), which factors it can act on (`accepts(_:)`), and how it
/// builds the bodies of its requests, and runs its own step of a flow (`start(_:)` to start a
/// sign-in, `verify(_:)` once the driver has sent what it sends: by default a code asked until
/// accepted). Only `strategy`, `stages` and `credential` are required; every other member has a
/// default, so a strategy overrides just what differs. The flow driver does the rest, and a
/// strategy from another module plugs in the same way as the built-in ones:
///
/// ```swift
/// struct SMSLinkStrategy: FactorStrategy {
///     let strategy = Strategy(rawValue: "sms_link")
///     let stages: Set<FactorStage> = [.secondFactor]
///     let credential = CredentialKind.code
///     var capabilities: FactorCapabilities { .sendsCode }
///     func accepts(_ factor: SignInFactor) -> Bool { factor.strategy == strategy && factor.phoneNumberID != nil }
/// }
/// ```
public protocol FactorStrategy: Sendable {
    /// The strategy value the API uses (`password`, `email_code`, …): the registry key.
    var strategy: Strategy { get }
    /// The stages it applies to.
    var stages: Set<FactorStage> { get }
    /// What the user supplies for an attempt.
    var credential: CredentialKind { get }
    /// What it can do beyond attempting its factor; none by default.
    var capabilities: FactorCapabilities { get }
    /// The sign-up field it verifies at `.signUpVerification`; nil (none) by default.
    var verifiedField: SignUpField? { get }

    /// Refuses an identifier before any request (e.g. a phone number not in E.164). Accepts all by default.
    func validate(identifier: String) throws(ClerkError)
    /// Whether it can act on `factor`, one of the factors a sign-in supports. By default: the
    /// factor has this strategy.
    func accepts(_ factor: SignInFactor) -> Bool

    /// Starts a sign-in with this strategy as first factor (used only with `.startsSignIn`). By
    /// default creates it at once (``SignInStartContext/create()``); a start that carries a secret
    /// asks it first (``SignInStartContext/askSecret(_:question:)``).
    func start(_ context: SignInStartContext) async throws(ClerkError) -> FlowDriver.Step<SignInHandle>
    /// Runs this strategy's step of a flow, once the driver has sent what it sends before an
    /// attempt: asks the user and attempts until the API accepts. By default asks for a code
    /// (``FactorStepContext/askCode()``).
    func verify<Handle: Sendable>(_ context: FactorStepContext<Handle>) async throws(ClerkError) -> FlowDriver.Step<Handle>

    /// The body of `POST /v1/client/sign_ins` that starts a sign-in with this strategy as first
    /// factor; used only with `.startsSignIn`. `password` is the secret `start(_:)` asked for, if
    /// any. By default `{strategy, identifier}`.
    func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body
    /// The prepare body for a first factor; used only with `.sendsCode`. By default
    /// `{strategy, email_address_id, phone_number_id}` from the factor.
    func prepareFirstFactor(_ factor: SignInFactor) -> PrepareSignInFirstFactorRequest.Body
    /// The attempt body for a first factor. By default `{strategy, code}`.
    func attemptFirstFactor(_ secret: SecretString) -> AttemptSignInFirstFactorRequest.Body
    /// The prepare body for a second factor or Client Trust; used only with `.sendsCode`. By
    /// default `{strategy, phone_number_id, email_address_id}` from the factor.
    func prepareSecondFactor(_ factor: SignInFactor) -> PrepareSignInSecondFactorRequest.Body
    /// The attempt body for a second factor or Client Trust. By default `{strategy, code}`.
    func attemptSecondFactor(_ secret: SecretString) -> AttemptSignInSecondFactorRequest.Body
    /// The prepare body for a sign-up verification; used only with `.sendsCode`. By default `{strategy}`.
    func prepareVerification() -> PrepareSignUpVerificationRequest.Body
    /// The attempt body for a sign-up verification. By default `{strategy, code}`.
    func attemptVerification(_ code: SecretString) -> AttemptSignUpVerificationRequest.Body
}

extension FactorStrategy {
    /// No capability beyond attempting the factor.
    public var capabilities: FactorCapabilities { [] }
    /// No sign-up field.
    public var verifiedField: SignUpField? { nil }

    /// Accepts every identifier.
    public func validate(identifier: String) throws(ClerkError) {}

    /// A factor of this strategy.
    public func accepts(_ factor: SignInFactor) -> Bool {
        factor.strategy == strategy
    }

    /// Creates the sign-in at once.
    public func start(_ context: SignInStartContext) async throws(ClerkError) -> FlowDriver.Step<SignInHandle> {
        .next(try await context.create())
    }

    /// Asks for a code until one is accepted.
    public func verify<Handle: Sendable>(_ context: FactorStepContext<Handle>) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        try await context.askCode()
    }

    /// `{strategy, identifier}`.
    public func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(strategy: strategy, identifier: identifier)
    }

    /// `{strategy, email_address_id, phone_number_id}` from the factor.
    public func prepareFirstFactor(_ factor: SignInFactor) -> PrepareSignInFirstFactorRequest.Body {
        PrepareSignInFirstFactorRequest.Body(
            strategy: strategy, emailAddressID: factor.emailAddressID, phoneNumberID: factor.phoneNumberID)
    }

    /// `{strategy, code}`.
    public func attemptFirstFactor(_ secret: SecretString) -> AttemptSignInFirstFactorRequest.Body {
        AttemptSignInFirstFactorRequest.Body(strategy: strategy, code: secret.revealed)
    }

    /// `{strategy, phone_number_id, email_address_id}` from the factor.
    public func prepareSecondFactor(_ factor: SignInFactor) -> PrepareSignInSecondFactorRequest.Body {
        PrepareSignInSecondFactorRequest.Body(
            strategy: strategy, phoneNumberID: factor.phoneNumberID, emailAddressID: factor.emailAddressID)
    }

    /// `{strategy, code}`.
    public func attemptSecondFactor(_ secret: SecretString) -> AttemptSignInSecondFactorRequest.Body {
        AttemptSignInSecondFactorRequest.Body(strategy: strategy, code: secret.revealed)
    }

    /// `{strategy}`.
    public func prepareVerification() -> PrepareSignUpVerificationRequest.Body {
        PrepareSignUpVerificationRequest.Body(strategy: strategy)
    }

    /// `{strategy, code}`.
    public func attemptVerification(_ code: SecretString) -> AttemptSignUpVerificationRequest.Body {
        AttemptSignUpVerificationRequest.Body(strategy: strategy, code: code.revealed)
    }

    /// The factor to use among `factors` (a sign-in's supported first or second factors): among
    /// those it `accepts(_:)`, the one whose `safe_identifier` names `identifier`, else the
    /// primary one, else the default one, else the first; nil when it accepts none.
    public func selectFactor(from factors: [SignInFactor], identifier: String?) -> SignInFactor? {
        let candidates = factors.filter(accepts)
        guard candidates.count > 1 else { return candidates.first }
        if let identifier, let match = candidates.first(where: { SafeIdentifier.names($0.safeIdentifier, identifier) }) {
            return match
        }
        return candidates.first { $0.primary == true } ?? candidates.first { $0.default == true } ?? candidates.first
    }
}

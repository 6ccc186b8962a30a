/// One authentication strategy, as a module registers it into a `FactorRegistry`.
///
/// A strategy declares where it applies, how it picks its factor among the factors a sign-in
/// supports, and how it builds its prepare and attempt parameters. The flow driver does the rest.
/// Every member but `strategy`, `stages` and `credential` has a default in this module; a
/// strategy overrides the ones its stages use.
public protocol FactorStrategy: Sendable {
    /// The strategy value the API uses (`password`, `email_code`, …): the registry key.
    var strategy: Strategy { get }
    /// The stages it applies to.
    var stages: Set<FactorStage> { get }
    /// What the user supplies for an attempt.
    var credential: CredentialKind { get }
    /// Whether an unknown identifier becomes a sign-up (signUpIfMissing): when its first-factor
    /// attempt answers `sign_up_if_missing_transfer`, the driver creates the sign-up with
    /// `transfer=true`. False by default.
    var transfersMissingAccount: Bool { get }
    /// The sign-up field this strategy verifies at `.signUpVerification` (nil by default).
    var verifiedField: SignUpField? { get }

    /// Refuses an identifier before any request (e.g. a phone number not in E.164). Accepts all by default.
    func validate(identifier: String) throws(ClerkError)
    /// Picks the factor to use among `factors` (supported first or second factors). By default:
    /// the factors with this strategy; among several, the one whose `safe_identifier` matches
    /// `identifier`, else the primary or default one, else the first.
    func selectFactor(from factors: [SignInFactor], identifier: String?) -> SignInFactor?
    /// The body of `POST /sign_ins` that starts a sign-in with this strategy as first factor, in
    /// one request when possible (a password, or a code strategy that prepares at once); nil
    /// when this strategy cannot start a sign-in. `password` is set only for `.password` credentials.
    func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body?
    /// The prepare body for a first factor, or nil when none is needed (password).
    func prepareFirstFactor(_ factor: SignInFactor) -> PrepareSignInFirstFactorRequest.Body?
    /// The attempt body for a first factor.
    func attemptFirstFactor(_ secret: SecretString) -> AttemptSignInFirstFactorRequest.Body
    /// The prepare body for a second factor or client trust, or nil when none is needed (TOTP, backup code).
    func prepareSecondFactor(_ factor: SignInFactor) -> PrepareSignInSecondFactorRequest.Body?
    /// The attempt body for a second factor or client trust.
    func attemptSecondFactor(_ secret: SecretString) -> AttemptSignInSecondFactorRequest.Body
    /// The prepare body for a sign-up verification, or nil when none is needed.
    func prepareVerification() -> PrepareSignUpVerificationRequest.Body?
    /// The attempt body for a sign-up verification.
    func attemptVerification(_ code: SecretString) -> AttemptSignUpVerificationRequest.Body
}

extension FactorStrategy {
    /// By default a strategy does not turn a missing account into a sign-up.
    public var transfersMissingAccount: Bool { false }
    /// By default a strategy verifies no sign-up field.
    public var verifiedField: SignUpField? { nil }

    /// By default every identifier is accepted.
    public func validate(identifier: String) throws(ClerkError) {}

    /// By default: `FactorSelection.select` for this strategy.
    public func selectFactor(from factors: [SignInFactor], identifier: String?) -> SignInFactor? {
        FactorSelection.select(strategy, from: factors, identifier: identifier)
    }

    /// By default a strategy cannot start a sign-in.
    public func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body? { nil }

    /// By default: `{strategy, email_address_id, phone_number_id}` from the factor.
    public func prepareFirstFactor(_ factor: SignInFactor) -> PrepareSignInFirstFactorRequest.Body? {
        PrepareSignInFirstFactorRequest.Body(
            strategy: strategy, emailAddressID: factor.emailAddressID, phoneNumberID: factor.phoneNumberID)
    }

    /// By default: `{strategy, password}` for password credentials, `{strategy, code}` otherwise.
    public func attemptFirstFactor(_ secret: SecretString) -> AttemptSignInFirstFactorRequest.Body {
        credential == .password
            ? AttemptSignInFirstFactorRequest.Body(strategy: strategy, password: secret.revealed)
            : AttemptSignInFirstFactorRequest.Body(strategy: strategy, code: secret.revealed)
    }

    /// By default: `{strategy, phone_number_id, email_address_id}` from the factor.
    public func prepareSecondFactor(_ factor: SignInFactor) -> PrepareSignInSecondFactorRequest.Body? {
        PrepareSignInSecondFactorRequest.Body(
            strategy: strategy, phoneNumberID: factor.phoneNumberID, emailAddressID: factor.emailAddressID)
    }

    /// By default: `{strategy, code}`.
    public func attemptSecondFactor(_ secret: SecretString) -> AttemptSignInSecondFactorRequest.Body {
        AttemptSignInSecondFactorRequest.Body(strategy: strategy, code: secret.revealed)
    }

    /// By default: `{strategy}`.
    public func prepareVerification() -> PrepareSignUpVerificationRequest.Body? {
        PrepareSignUpVerificationRequest.Body(strategy: strategy)
    }

    /// By default: `{strategy, code}`.
    public func attemptVerification(_ code: SecretString) -> AttemptSignUpVerificationRequest.Body {
        AttemptSignUpVerificationRequest.Body(strategy: strategy, code: code.revealed)
    }
}

/// Factor selection shared by the strategies.
public enum FactorSelection {
    /// The factor of `strategy` to use among `factors`: when several, the one whose
    /// `safe_identifier` matches `identifier` (case-insensitive), else the primary, else the
    /// default, else the first. Code factors must carry the id their prepare needs
    /// (`email_address_id` for email codes, `phone_number_id` for phone codes).
    public static func select(_ strategy: Strategy, from factors: [SignInFactor], identifier: String?) -> SignInFactor? {
        let candidates = factors.filter { factor in
            guard factor.strategy == strategy else { return false }
            switch strategy {
            case .emailCode, .emailLink, .resetPasswordEmailCode: return factor.emailAddressID != nil
            case .phoneCode, .resetPasswordPhoneCode: return factor.phoneNumberID != nil
            default: return true
            }
        }
        guard candidates.count > 1 else { return candidates.first }
        if let identifier, let match = candidates.first(where: { matches($0.safeIdentifier, identifier) }) {
            return match
        }
        return candidates.first { $0.primary == true } ?? candidates.first { $0.default == true } ?? candidates.first
    }

    /// Whether a factor's `safe_identifier` names `identifier`: equal ignoring case, or equal
    /// after removing spaces, dashes and parentheses (phone numbers).
    static func matches(_ safeIdentifier: String?, _ identifier: String) -> Bool {
        guard let safeIdentifier else { return false }
        if safeIdentifier.caseInsensitiveCompare(identifier) == .orderedSame { return true }
        let strip: (String) -> String = { $0.filter { !" -()".contains($0) }.lowercased() }
        return strip(safeIdentifier) == strip(identifier)
    }
}

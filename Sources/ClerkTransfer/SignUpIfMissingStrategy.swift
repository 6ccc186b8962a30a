import Clerk

/// signUpIfMissing: a code sign-in that becomes a sign-up when the identifier has no account,
/// without revealing beforehand whether it has one.
///
/// 1. `POST /v1/client/sign_ins {identifier, strategy, sign_up_if_missing: true}` creates the
///    sign-in and sends the code, whether or not the account exists.
/// 2. `attempt_first_factor {strategy, code}`: completes the sign-in when the account exists; answers
///    404 `sign_up_if_missing_transfer` when it does not.
/// 3. Then `POST /v1/client/sign_ups {transfer: true}` creates the sign-up from the verified
///    identifier, and `PATCH /v1/client/sign_ups/{id}` supplies missing requirements (e.g. legal
///    acceptance).
///
/// Register it instead of `EmailCodeStrategy` (or `PhoneCodeStrategy`) for the first factor;
/// only email addresses and phone numbers work, not usernames or passwords.
///
/// ```swift
/// let registry = try FactorRegistry([SignUpIfMissingStrategy(.emailCode)])
/// ```
public struct SignUpIfMissingStrategy: FactorStrategy {
    /// The code strategy used: `email_code` or `phone_code`.
    public let strategy: Strategy
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage> = [.firstFactor]
    /// What the user supplies.
    public let credential = CredentialKind.code
    /// Starts the sign-in (sending the code), and an unknown identifier becomes a sign-up.
    public let capabilities: FactorCapabilities = [.startsSignIn, .sendsCode, .transfersMissingAccount]

    /// signUpIfMissing with `strategy`: `.emailCode` (the default) or `.phoneCode`.
    public init(_ strategy: Strategy = .emailCode) {
        self.strategy = strategy == .phoneCode ? .phoneCode : .emailCode
    }

    /// Refuses a phone number not in E.164 form before any request (phone code only).
    public func validate(identifier: String) throws(ClerkError) {
        if strategy == .phoneCode {
            try PhoneNumberValidation.validate(identifier, field: "identifier")
        }
    }

    /// A code factor of its strategy that names where the code goes.
    public func accepts(_ factor: SignInFactor) -> Bool {
        guard factor.strategy == strategy else { return false }
        return strategy == .phoneCode ? factor.phoneNumberID != nil : factor.emailAddressID != nil
    }

    /// `{identifier, strategy, sign_up_if_missing: true}`: creates the sign-in and sends the code.
    public func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(strategy: strategy, identifier: identifier, signUpIfMissing: true)
    }
}

/// Where a signUpIfMissing code verification led.
public enum SignUpIfMissingResult: Sendable {
    /// The account existed: the sign-in (complete, or needing a second factor or client trust).
    case signedIn(SignInHandle)
    /// No account existed: the sign-up created with `transfer` (complete, or missing requirements).
    case signedUp(SignUpHandle)
}

extension ClerkClient {
    /// Starts a signUpIfMissing sign-in and sends the code, in one request.
    /// - Throws: `ClerkError.invalidInput` before any request for a phone number not in E.164 form.
    public func startSignUpIfMissing(identifier: String, strategy: Strategy = .emailCode) async throws(ClerkError) -> SignInHandle {
        let signUpIfMissing = SignUpIfMissingStrategy(strategy)
        try signUpIfMissing.validate(identifier: identifier)
        return try await createSignIn(signUpIfMissing.startSignIn(identifier: identifier, password: nil))
    }
}

extension SignInHandle {
    /// Verifies the signUpIfMissing code; when the account does not exist
    /// (`sign_up_if_missing_transfer`), creates the sign-up with `transfer=true` and `details`.
    public func verifySignUpIfMissing(code: SecretString, details: SignUpDetails = SignUpDetails()) async throws(ClerkError) -> SignUpIfMissingResult {
        let strategy = SignUpIfMissingStrategy(firstFactorVerification?.strategy ?? .emailCode)
        do throws(ClerkError) {
            return .signedIn(try await attemptFirstFactor(strategy.attemptFirstFactor(code)))
        } catch  where error.hasCode(.signUpIfMissingTransfer) {
            return .signedUp(try await client.transferToSignUp(details))
        }
    }
}

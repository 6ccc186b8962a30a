import Clerk

/// Phone (SMS) code: as first factor, as second factor, and to verify a sign-up's phone
/// number. Phone numbers are checked for E.164 form before any request.
///
/// ```swift
/// let registry = try FactorRegistry([PhoneCodeStrategy()])
/// ```
public struct PhoneCodeStrategy: FactorStrategy {
    /// The strategy value this module handles.
    public let strategy = Strategy.phoneCode
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage>
    /// What the user supplies.
    public let credential = CredentialKind.code
    /// The sign-up field this strategy verifies.
    public let verifiedField: SignUpField? = .phoneNumber
    /// The delivery channel for codes (`sms` when nil; `whatsapp` where enabled).
    public let channel: String?
    /// Starts a sign-in with `{identifier, strategy: phone_code}` (which texts the code) and
    /// texts a code before each stage's attempt.
    public let capabilities: FactorCapabilities = [.startsSignIn, .sendsCode]

    /// Phone code at `stages` (by default first factor, second factor and sign-up verification).
    public init(stages: Set<FactorStage> = [.firstFactor, .secondFactor, .signUpVerification], channel: String? = nil) {
        self.stages = stages.subtracting([.clientTrust])
        self.channel = channel
    }

    /// Refuses an identifier not in E.164 form (`+15555550100`) before any request.
    public func validate(identifier: String) throws(ClerkError) {
        try PhoneNumberValidation.validate(identifier, field: "identifier")
    }

    /// A phone code factor that names the number its prepare step texts.
    public func accepts(_ factor: SignInFactor) -> Bool {
        factor.strategy == .phoneCode && factor.phoneNumberID != nil
    }

    /// `{strategy: phone_code, phone_number_id, channel}`.
    public func prepareFirstFactor(_ factor: SignInFactor) -> PrepareSignInFirstFactorRequest.Body {
        PrepareSignInFirstFactorRequest.Body(strategy: .phoneCode, phoneNumberID: factor.phoneNumberID, channel: channel)
    }

    /// `{strategy: phone_code, channel}`.
    public func prepareVerification() -> PrepareSignUpVerificationRequest.Body {
        PrepareSignUpVerificationRequest.Body(strategy: .phoneCode, channel: channel)
    }
}

extension ClerkClient {
    /// Starts a phone code sign-in and texts the code, in one request
    /// (`POST /v1/client/sign_ins {identifier, strategy: phone_code}`).
    /// - Throws: `ClerkError.invalidInput` before any request when `phoneNumber` is not E.164.
    public func startPhoneCodeSignIn(phoneNumber: String) async throws(ClerkError) -> SignInHandle {
        try PhoneNumberValidation.validate(phoneNumber, field: "identifier")
        return try await createSignIn(CreateSignInRequest.Body(strategy: .phoneCode, identifier: phoneNumber))
    }
}

extension SignInHandle {
    /// Verifies the texted first-factor code (`attempt_first_factor`, never retried).
    public func verifyPhoneCode(_ code: SecretString) async throws(ClerkError) -> SignInHandle {
        try await attemptFirstFactor(PhoneCodeStrategy().attemptFirstFactor(code))
    }
}

extension SignUpHandle {
    /// Texts the code that verifies the sign-up's phone number (`prepare_verification`).
    public func sendPhoneCode() async throws(ClerkError) -> SignUpHandle {
        try await prepareVerification(PrepareSignUpVerificationRequest.Body(strategy: .phoneCode))
    }

    /// Verifies the sign-up's phone number with the code (`attempt_verification`, never retried).
    public func verifyPhoneCode(_ code: SecretString) async throws(ClerkError) -> SignUpHandle {
        try await attemptVerification(PhoneCodeStrategy().attemptVerification(code))
    }
}

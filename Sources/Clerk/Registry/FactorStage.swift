/// Where in a sign-in or sign-up a strategy applies.
public enum FactorStage: String, Sendable, Hashable, CaseIterable {
    /// `needs_first_factor`: proving who you are (password, email or phone code).
    case firstFactor = "first_factor"
    /// `needs_second_factor`: multi-factor authentication (TOTP, backup code, phone or email code).
    case secondFactor = "second_factor"
    /// A sign-up's unverified email address or phone number.
    case signUpVerification = "sign_up_verification"
    /// `needs_client_trust`: a password sign-in on a new device, confirmed with an email or phone
    /// code through the second-factor endpoints.
    case clientTrust = "client_trust"
    /// Setting up a second factor on the account (the `setup-mfa` session task): strategies
    /// listing it conform to `SecondFactorSetup`.
    case secondFactorSetup = "second_factor_setup"
    /// "Forgot password": a reset code (`reset_password_email_code`, `reset_password_phone_code`)
    /// through the first-factor endpoints, then a new password. Never used for a plain sign-in.
    case passwordReset = "password_reset"
}

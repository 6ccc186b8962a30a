/// One preset per custom-flow guide the project implements, mirroring the dashboard choices each
/// guide tells the reader to make, and `all`, which combines them.
public enum SettingsPreset: String, CaseIterable, Sendable {
    /// "Build a custom email/password authentication flow": sign-up with email and password,
    /// email code at sign-up, sign-in with email, Client Trust on (its default).
    case emailPassword = "email-password"
    /// "Sign-in-or-up" (standard and signUpIfMissing): email and password plus email code sign-in,
    /// legal acceptance required so a transferred sign-up is finished by an update, a password optional
    /// at sign-up (the code-only transfer has none). Enumeration protection stays off: the standard
    /// flow relies on `form_identifier_not_found` (signUpIfMissing conceals existence by itself).
    case signInOrUp = "sign-in-or-up"
    /// "Email or phone code", email variant: email code sign-up and sign-in, password off.
    case emailCode = "email-code"
    /// "Email or phone code", phone variant: email off, SMS code sign-up and sign-in, password off.
    case phoneCode = "phone-code"
    /// "Client trust", email variant: email and password, Client Trust on (email code fallback).
    case clientTrust = "client-trust"
    /// "Client trust", phone variant: every email option off, phone on, password on: Client Trust
    /// falls back to an SMS code.
    case clientTrustPhone = "client-trust-phone"
    /// "Multi-factor authentication": email and password, Client Trust on, SMS code, authenticator
    /// app and backup codes as second factors, phone sign-up and sign-in on.
    case mfa
    /// Email links ("email link" variants of the guides): sign-in by link, sign-up verified by link,
    /// Client Trust falling back to a link, email and password on.
    case emailLink = "email-link"
    /// "Invitations" with restricted sign-ups: email and password, sign-ups only with an invitation's
    /// ticket (`sign_up_mode: restricted`).
    case invitations
    /// Sign in with Apple and Google identity tokens: email and password, legal acceptance required
    /// (so a sign-up transferred from a token has a requirement left), and the emulator's test
    /// providers for Apple (RS256) and Google (ES256), whose tokens
    /// `POST /__local/identity_providers/{provider}/tokens` mints.
    case social
    /// Passkeys: email and password (no Client Trust, so the password sign-in that precedes an enrolment is one
    /// request) and passkeys with the RP ID `localhost` and the origins `http://localhost` and `https://localhost`.
    case passkeys
    /// Every way in at once, for an app that offers several: email (password or code), phone (optional,
    /// code), Client Trust, the three second factors, email links, Apple and Google (identity tokens and
    /// the browser) and passkeys. Sign-ups stay public and need no legal acceptance.
    case all

    public var guide: String {
        switch self {
        case .emailPassword: "Build a custom email/password authentication flow"
        case .signInOrUp: "Build a custom sign-in-or-up flow (standard and signUpIfMissing)"
        case .emailCode: "Build a custom sign-in flow with email or phone code (email)"
        case .phoneCode: "Build a custom sign-in flow with email or phone code (phone)"
        case .clientTrust: "Build a custom sign-in flow with client trust (email)"
        case .clientTrustPhone: "Build a custom sign-in flow with client trust (phone only)"
        case .mfa: "Build a custom sign-in flow with multi-factor authentication"
        case .emailLink: "Sign in with an email link (sign-in, sign-up verification, Client Trust fallback)"
        case .invitations: "Invite users to your application (restricted sign-up mode, sign-up with the invitation's ticket)"
        case .social: "Sign in with Apple or Google: native identity tokens (test providers) and OAuth through the browser (built-in provider)"
        case .passkeys: "Sign in with passkeys (WebAuthn): enrol after a password sign-in, then sign in with the passkey"
        case .all: "Every flow at once: codes, passwords, MFA, email links, Apple and Google, passkeys"
        }
    }

    public var settings: InstanceSettings {
        let email = IdentifierSettings(enabled: true, required: true, usedForSignIn: true, codeSignIn: false, verifyAtSignUp: true)
        let emailWithCode = IdentifierSettings(enabled: true, required: true, usedForSignIn: true, codeSignIn: true, verifyAtSignUp: true)
        let phone = IdentifierSettings(enabled: true, required: true, usedForSignIn: true, codeSignIn: true, verifyAtSignUp: true)
        let optionalPhone = IdentifierSettings(enabled: true, required: false, usedForSignIn: true, codeSignIn: true, verifyAtSignUp: true)
        switch self {
        case .emailPassword:
            return InstanceSettings(
                emailAddress: email, phoneNumber: .off, password: PasswordSettingsModel(enabled: true), clientTrust: true)
        case .signInOrUp:
            return InstanceSettings(
                emailAddress: emailWithCode, phoneNumber: .off, password: PasswordSettingsModel(enabled: true, required: false),
                legalConsentRequired: true, clientTrust: true)
        case .emailCode:
            return InstanceSettings(
                emailAddress: emailWithCode, phoneNumber: .off, password: PasswordSettingsModel(enabled: false), clientTrust: false)
        case .phoneCode:
            return InstanceSettings(
                emailAddress: .off, phoneNumber: phone, password: PasswordSettingsModel(enabled: false), clientTrust: false)
        case .clientTrust:
            return InstanceSettings(
                emailAddress: email, phoneNumber: .off, password: PasswordSettingsModel(enabled: true), clientTrust: true)
        case .clientTrustPhone:
            return InstanceSettings(
                emailAddress: .off, phoneNumber: phone, password: PasswordSettingsModel(enabled: true), clientTrust: true)
        case .mfa:
            return InstanceSettings(
                emailAddress: email, phoneNumber: optionalPhone, password: PasswordSettingsModel(enabled: true),
                clientTrust: true, mfa: MFASettings(phoneCode: true, authenticatorApp: true, backupCodes: true))
        case .emailLink:
            return InstanceSettings(
                emailAddress: email, phoneNumber: .off, password: PasswordSettingsModel(enabled: true, required: false),
                clientTrust: true, emailLink: EmailLinkSettings(signIn: true, verifyAtSignUp: true))
        case .invitations:
            return InstanceSettings(
                emailAddress: email, phoneNumber: .off, password: PasswordSettingsModel(enabled: true), signUpMode: .restricted,
                clientTrust: true)
        case .social:
            return InstanceSettings(
                emailAddress: email, phoneNumber: .off, password: PasswordSettingsModel(enabled: true), legalConsentRequired: true,
                clientTrust: true, identityProviders: .testProviders, oauthProviders: .builtIn)
        case .passkeys:
            return InstanceSettings(
                emailAddress: email, phoneNumber: .off, password: PasswordSettingsModel(enabled: true), clientTrust: false,
                passkeys: PasskeySettings())
        case .all:
            return InstanceSettings(
                emailAddress: emailWithCode, phoneNumber: optionalPhone, password: PasswordSettingsModel(enabled: true, required: false),
                clientTrust: true, mfa: MFASettings(phoneCode: true, authenticatorApp: true, backupCodes: true),
                emailLink: EmailLinkSettings(signIn: true, verifyAtSignUp: false), identityProviders: .testProviders,
                oauthProviders: .builtIn, passkeys: PasskeySettings())
        }
    }
}

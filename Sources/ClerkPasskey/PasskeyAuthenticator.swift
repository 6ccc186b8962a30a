import Clerk

/// What makes and uses passkeys for the SDK: the platform's authenticator (`PlatformPasskeyAuthenticator` over
/// AuthenticationServices on Apple platforms), a security key, or a software authenticator in tests. WebAuthn JSON
/// in and out, as `navigator.credentials` takes and gives it (binary members base64url), so that an
/// implementation needs no Clerk types.
public protocol PasskeyAuthenticator: Sendable {
    /// Creates a passkey for `optionsJSON` (`PublicKeyCredentialCreationOptionsJSON`, the passkey verification's
    /// `nonce`) and returns the registration response (`RegistrationResponseJSON`).
    /// - Throws: `ClerkError.cancelled` when the user dismissed the request; another `ClerkError` otherwise.
    func create(optionsJSON: String) async throws(ClerkError) -> String

    /// Signs `optionsJSON` (`PublicKeyCredentialRequestOptionsJSON`, the sign-in's first-factor `nonce`) with a
    /// passkey and returns the assertion (`AuthenticationResponseJSON`).
    /// - Throws: `ClerkError.cancelled` when the user dismissed the request; another `ClerkError` otherwise.
    func get(optionsJSON: String) async throws(ClerkError) -> String
}

import Clerk

/// A device-bound P-256 key a ``TrustedDeviceKeyStore`` made: the id it keeps it under and its public half as the
/// JWK the Frontend API takes (`public_key_jwk`).
public struct TrustedDeviceKey: Sendable, Hashable {
    /// The store's own id of the key (never sent to Clerk).
    public var keyID: String
    /// `{"kty":"EC","crv":"P-256","x":…,"y":…,"alg":"ES256"}`, `x` and `y` base64url.
    public var publicKeyJWK: String

    /// A key kept under `keyID` whose public half is `publicKeyJWK`.
    public init(keyID: String, publicKeyJWK: String) {
        self.keyID = keyID
        self.publicKeyJWK = publicKeyJWK
    }
}

/// What this app installation keeps once a device is enrolled: the trusted device Clerk made, the key that signs
/// for it, and whose it is.
public struct TrustedDeviceCredential: Sendable, Hashable, Codable {
    /// The trusted device's id (`trusted_device_id`).
    public var trustedDeviceID: String
    /// The store's id of the key.
    public var keyID: String
    /// The user the device signs in.
    public var userID: String

    /// A credential binding `trustedDeviceID` to the key `keyID` of `userID`.
    public init(trustedDeviceID: String, keyID: String, userID: String) {
        self.trustedDeviceID = trustedDeviceID
        self.keyID = keyID
        self.userID = userID
    }
}

/// Where a trusted device's private key lives, and the one credential this app installation keeps: the Secure
/// Enclave behind biometrics (`SecureEnclaveTrustedDeviceKeyStore`, Apple platforms), or a software key in an
/// owner-only file (`clerk-local`'s `ClerkSoftwareTrustedDevice` product, for tests and command-line tools). The
/// private key never leaves the store; the SDK only asks it to sign a challenge's `client_data`.
public protocol TrustedDeviceKeyStore: Sendable {
    /// Makes a new P-256 key.
    func createKey() async throws(ClerkError) -> TrustedDeviceKey
    /// Signs the UTF-8 bytes of `clientData` with the key `keyID` (ECDSA P-256, SHA-256), after asking the user
    /// with `reason` where the store asks (biometrics). Answers the raw 64-byte `r || s`, base64url.
    /// - Throws: `ClerkError.cancelled` when the user dismissed the prompt; another `ClerkError` otherwise.
    func sign(_ clientData: String, keyID: String, reason: String) async throws(ClerkError) -> String
    /// Removes the key `keyID` (nothing when there is none).
    func deleteKey(_ keyID: String) async throws(ClerkError)
    /// The credential kept, nil before an enrolment or after it was forgotten.
    func credential() async throws(ClerkError) -> TrustedDeviceCredential?
    /// Keeps `credential` in place of the one kept (nil forgets it).
    func keep(_ credential: TrustedDeviceCredential?) async throws(ClerkError)
}

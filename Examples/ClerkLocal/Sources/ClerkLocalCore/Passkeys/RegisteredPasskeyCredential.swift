/// A credential whose registration verified: what a relying party stores to check its assertions later.
package struct RegisteredPasskeyCredential: Sendable, Codable, Equatable {
    /// Transports WebAuthn defines; others a client reports are dropped.
    package static let knownTransports: Set<String> = ["ble", "hybrid", "internal", "nfc", "smart-card", "usb"]

    @Base64Bytes package var credentialID: [UInt8]
    /// The COSE key as the authenticator encoded it.
    @Base64Bytes package var publicKeyCOSE: [UInt8]
    package var algorithm: COSEAlgorithm
    package var signCount: UInt32
    @Base64Bytes package var aaguid: [UInt8]
    package var backupEligible: Bool
    package var backedUp: Bool
    package var userVerified: Bool
    package var transports: [String]
    package var attestation: AttestationKind
}

/// What a verified assertion changes: the counter to store, and what the authenticator said of the user.
package struct PasskeyAssertion: Sendable, Equatable {
    package var credentialID: [UInt8]
    package var newSignCount: UInt32
    package var userVerified: Bool
    package var backedUp: Bool
    /// The user handle the authenticator returned (the `user.id` of the creation options), if any.
    package var userHandle: [UInt8]?
}

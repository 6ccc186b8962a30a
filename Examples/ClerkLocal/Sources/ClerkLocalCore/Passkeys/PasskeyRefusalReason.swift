/// Why a registration or an assertion is refused. Descriptions name what failed, never key material,
/// signatures or challenges.
package enum PasskeyRefusalReason: Error, Sendable, Equatable, CustomStringConvertible {
    /// The credential JSON is not the shape WebAuthn's JSON serialization gives, or a field is not base64url.
    case malformedCredential(String)
    case malformedClientData(String)
    case malformedAttestationObject(String)
    case malformedAuthenticatorData(String)
    /// `clientDataJSON.type` is not the ceremony's (`webauthn.create` or `webauthn.get`).
    case wrongClientDataType(expected: String)
    /// `clientDataJSON.challenge` is not the challenge this verification issued.
    case challengeMismatch
    case originNotAllowed(String)
    /// The ceremony ran in a cross-origin iframe, which this relying party does not allow.
    case crossOrigin
    case rpIDHashMismatch
    case userNotPresent
    case userNotVerified
    /// A registration whose authenticator data carries no attested credential.
    case attestedCredentialMissing
    /// `id`, `rawId` and the authenticator data's credential id disagree.
    case credentialIDMismatch
    /// The assertion names another credential than the stored one.
    case credentialNotRegistered
    case userHandleMismatch
    /// A COSE key type or algorithm other than EC2 P-256 ES256 (-7) and RSA RS256 (-257).
    case unsupportedAlgorithm(Int64?)
    case invalidPublicKey(String)
    case unsupportedAttestationFormat(String)
    case invalidAttestationStatement(String)
    case signatureInvalid
    /// Both counters are non-zero and the new one is not greater: a cloned authenticator, or a replay.
    case signCountNotIncreased(stored: UInt32, received: UInt32)

    package var description: String {
        switch self {
        case .malformedCredential(let detail): "malformed credential: \(detail)"
        case .malformedClientData(let detail): "malformed clientDataJSON: \(detail)"
        case .malformedAttestationObject(let detail): "malformed attestationObject: \(detail)"
        case .malformedAuthenticatorData(let detail): "malformed authenticator data: \(detail)"
        case .wrongClientDataType(let expected): "clientDataJSON.type is not \(expected)"
        case .challengeMismatch: "clientDataJSON.challenge is not this verification's challenge"
        case .originNotAllowed(let origin): "origin \(origin) is not allowed"
        case .crossOrigin: "cross-origin ceremonies are not allowed"
        case .rpIDHashMismatch: "rpIdHash is not the SHA-256 of the relying party id"
        case .userNotPresent: "the user-present flag is not set"
        case .userNotVerified: "user verification is required and the user-verified flag is not set"
        case .attestedCredentialMissing: "the authenticator data carries no attested credential"
        case .credentialIDMismatch: "id, rawId and the authenticator's credential id disagree"
        case .credentialNotRegistered: "the assertion's credential is not the registered one"
        case .userHandleMismatch: "userHandle is not the user's handle"
        case .unsupportedAlgorithm(let algorithm): "COSE algorithm \(algorithm.map(String.init) ?? "(none)") is not supported (ES256 -7, RS256 -257)"
        case .invalidPublicKey(let detail): "invalid credential public key: \(detail)"
        case .unsupportedAttestationFormat(let format): "attestation format \(format) is not supported (none, packed)"
        case .invalidAttestationStatement(let detail): "invalid attestation statement: \(detail)"
        case .signatureInvalid: "the signature does not verify with the credential's public key"
        case .signCountNotIncreased(let stored, let received): "signature counter \(received) is not above the stored \(stored)"
        }
    }
}

import Foundation

/// A registered passkey of an exported user (`passkeys[]`): the credential as the relying party
/// verified it, so that the same authenticator signs in on the importing instance. Byte fields are
/// unpadded base64url, as WebAuthn writes them.
package struct ExportedPasskey: Encodable, Sendable, Hashable {
    package var id: String
    package var name: String
    package var credentialID: String
    /// The COSE key as the authenticator encoded it.
    package var publicKey: String
    package var algorithm: COSEAlgorithm
    /// The signature counter last seen: an assertion must not go back below it.
    package var signCount: UInt32
    package var aaguid: String
    package var backupEligible: Bool
    package var backedUp: Bool
    package var userVerified: Bool
    package var transports: [String]
    package var attestation: AttestationKind
    package var lastUsedAt: Int64?
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name
        case credentialID = "credential_id"
        case publicKey = "public_key"
        case algorithm
        case signCount = "sign_count"
        case aaguid
        case backupEligible = "backup_eligible"
        case backedUp = "backed_up"
        case userVerified = "user_verified"
        case transports, attestation
        case lastUsedAt = "last_used_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The passkey as exported; nil for one whose registration never verified (not exported).
    package init?(_ passkey: PasskeyRecord) {
        guard let credential = passkey.credential else { return nil }
        id = passkey.id
        name = passkey.name
        credentialID = Base64URL.encode(credential.credentialID)
        publicKey = Base64URL.encode(credential.publicKeyCOSE)
        algorithm = credential.algorithm
        signCount = credential.signCount
        aaguid = Base64URL.encode(credential.aaguid)
        backupEligible = credential.backupEligible
        backedUp = credential.backedUp
        userVerified = credential.userVerified
        transports = credential.transports
        attestation = credential.attestation
        lastUsedAt = passkey.lastUsedAt.map(ExportTime.milliseconds)
        createdAt = ExportTime.milliseconds(passkey.createdAt)
        updatedAt = ExportTime.milliseconds(passkey.updatedAt)
    }

    /// The passkey to store, once its values read: the id, the name, the credential id (1 to 1023
    /// bytes, WebAuthn's limit), a COSE key of `algorithm`, a 16-byte AAGUID, transports WebAuthn
    /// defines, and the times.
    func record(_ check: FieldCheck, field: String) throws(UserImportError) -> PasskeyRecord {
        try check.id(id, prefix: "pk", field: field + ".id")
        let trimmedName = name.trimmingWhitespace()
        guard !trimmedName.isEmpty, trimmedName == name, name.count <= PasskeyRules.passkeyNameMaxLength,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw check.failure(field + ".name", .invalidPasskeyName) }
        guard let credential = Self.bytes(credentialID), (1...1023).contains(credential.count) else {
            throw check.failure(field + ".credential_id", .invalidBase64URL(bytes: 1...1023))
        }
        guard let key = Self.bytes(publicKey), (try? COSEPublicKey(cose: key))?.algorithm == algorithm else {
            throw check.failure(field + ".public_key", .invalidPasskeyPublicKey)
        }
        guard let authenticator = Self.bytes(aaguid), authenticator.count == 16 else {
            throw check.failure(field + ".aaguid", .invalidBase64URL(bytes: 16...16))
        }
        if let index = transports.firstIndex(where: { !RegisteredPasskeyCredential.knownTransports.contains($0) }) {
            throw check.failure(field + ".transports[\(index)]", .unknownTransport)
        }
        let registered = RegisteredPasskeyCredential(
            credentialID: credential, publicKeyCOSE: key, algorithm: algorithm, signCount: signCount, aaguid: authenticator,
            backupEligible: backupEligible, backedUp: backedUp, userVerified: userVerified, transports: transports,
            attestation: attestation)
        return PasskeyRecord(
            id: id, name: name, credential: registered, challenge: nil, creationOptions: nil,
            lastUsedAt: try check.timeIfSet(lastUsedAt, field: field + ".last_used_at"),
            createdAt: try check.time(createdAt, field: field + ".created_at"), updatedAt: try check.time(updatedAt, field: field + ".updated_at"))
    }

    /// The bytes of unpadded base64url written as the export writes it (so it exports back unchanged).
    static func bytes(_ text: String) -> [UInt8]? {
        guard let data = Base64URL.decode(text), Base64URL.encode(data) == text else { return nil }
        return Array(data)
    }
}

import Foundation

/// A device-bound P-256 key of a user (`td_…`): pending while its enrolment challenge waits for a signature,
/// active once enrolled, revoked once removed (kept so that a removed device is told apart from an unknown one).
package struct TrustedDeviceRecord: Sendable, Codable, Hashable {
    package enum Status: String, Sendable, Codable, Hashable {
        case pending, active, revoked
    }

    package var id: String
    package var userID: String
    package var platform: String
    package var appIdentifier: String
    package var name: String?
    /// The public key, as the enrolment's JWK named it (uncompressed point `04 || x || y`).
    @Base64Bytes package var publicKey: [UInt8]
    package var status: Status
    /// The enrolment's challenge while pending; a sign-in's challenge lives on the sign-in's verification.
    package var enrolment: TrustedDeviceChallengeRecord?
    package var createdAt: Date
    package var updatedAt: Date
    package var lastUsedAt: Date?
    package var revokedAt: Date?

    package init(
        id: String, userID: String, platform: String, appIdentifier: String, name: String?, publicKey: [UInt8],
        enrolment: TrustedDeviceChallengeRecord, now: Date
    ) {
        self.init(
            id: id, userID: userID, platform: platform, appIdentifier: appIdentifier, name: name, publicKey: publicKey, status: .pending,
            createdAt: now, updatedAt: now, lastUsedAt: nil, revokedAt: nil)
        self.enrolment = enrolment
    }

    /// A device with no challenge waiting on it (an import brings enrolled and removed ones).
    init(
        id: String, userID: String, platform: String, appIdentifier: String, name: String?, publicKey: [UInt8], status: Status,
        createdAt: Date, updatedAt: Date, lastUsedAt: Date?, revokedAt: Date?
    ) {
        self.id = id
        self.userID = userID
        self.platform = platform
        self.appIdentifier = appIdentifier
        self.name = name
        self.publicKey = publicKey
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }
}

/// A one-time challenge: the `client_data` the device key must sign byte for byte, until `expiresAt`.
package struct TrustedDeviceChallengeRecord: Sendable, Codable, Hashable {
    package var id: String
    package var challenge: String
    package var clientData: String
    package var expiresAt: Date
    /// The device asked to sign (sign-in challenges).
    package var trustedDeviceID: String?

    /// A new challenge: `client_data` is canonical JSON (sorted keys) naming what it is for, the challenge, its
    /// id, the app and, for a sign-in, the device.
    package static func issue(
        purpose: String, appIdentifier: String, trustedDeviceID: String?, now: Date, lifetimeSeconds: Int
    ) -> TrustedDeviceChallengeRecord {
        let id = SecureRandom.identifier(prefix: "tdch")
        let challenge = Base64URL.encode(SecureRandom.bytes(32))
        var fields = ["app_identifier": appIdentifier, "challenge": challenge, "challenge_id": id, "type": purpose]
        if let trustedDeviceID { fields["trusted_device_id"] = trustedDeviceID }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let clientData = (try? encoder.encode(fields)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return TrustedDeviceChallengeRecord(
            id: id, challenge: challenge, clientData: clientData, expiresAt: now.addingTimeInterval(Double(lifetimeSeconds)),
            trustedDeviceID: trustedDeviceID)
    }
}

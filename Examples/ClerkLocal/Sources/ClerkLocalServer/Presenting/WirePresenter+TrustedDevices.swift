import ClerkAPI
import ClerkLocalCore
import Foundation

/// Trusted devices (`Client.TrustedDevice`), their challenges (`Client.TrustedDeviceChallenge`) and a
/// trusted-device sign-in's verification (the spec's `Stubs.Verification.TrustedDevice`).
extension WirePresenter {
    package func trustedDevice(_ record: TrustedDeviceRecord) -> TrustedDevice {
        TrustedDevice(
            id: record.id, platform: TrustedDevicePlatform(rawValue: record.platform), appIdentifier: record.appIdentifier, name: record.name,
            algorithm: .es256, status: record.status == .revoked ? .revoked : .active, createdAt: ClerkTimestamp(record.createdAt),
            updatedAt: ClerkTimestamp(record.updatedAt), lastUsedAt: record.lastUsedAt.map(ClerkTimestamp.init),
            revokedAt: record.revokedAt.map(ClerkTimestamp.init))
    }

    package func trustedDeviceChallenge(_ record: TrustedDeviceChallengeRecord) -> TrustedDeviceChallenge {
        TrustedDeviceChallenge(
            challenge: record.challenge, challengeID: record.id, trustedDeviceID: record.trustedDeviceID, clientData: record.clientData,
            expiresAt: ClerkTimestamp(record.expiresAt), algorithm: .es256)
    }

    func trustedDeviceVerification(_ record: VerificationRecord, now: Date) -> Verification {
        let status = record.status(now: now)
        let challenge = status == .unverified ? record.trustedDeviceChallenge.map(trustedDeviceChallenge) : nil
        return Verification(
            object: "verification_trusted_device", status: status, strategy: .trustedDevice, attempts: record.currentAttempts,
            expireAt: ClerkTimestamp(record.expireAt ?? now), trustedDeviceChallenge: challenge.flatMap(JSONValue.encoding))
    }
}

extension JSONValue {
    /// `value` as JSON, nil when it does not encode.
    static func encoding(_ value: some Encodable) -> JSONValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }
}

import ClerkAPI
import ClerkLocalCore
import Foundation

/// Passkeys and their verifications (the spec's `Stubs.Verification.Passkey`): while unverified, the `nonce`
/// holds the WebAuthn options as JSON (creation options for a registration, request options for a sign-in).
extension WirePresenter {
    package func passkey(_ record: PasskeyRecord, now: Date) -> Passkey {
        let verification: VerificationRecord =
            if let challenge = record.challenge {
                .passkey(challenge: challenge, nonce: record.creationOptions, verified: false)
            } else {
                .verified(.passkey)
            }
        return Passkey(
            id: record.id, name: record.name, lastUsedAt: record.lastUsedAt.map(ClerkTimestamp.init),
            verification: passkeyVerification(verification, now: now, fallbackExpireAt: record.updatedAt),
            createdAt: ClerkTimestamp(record.createdAt), updatedAt: ClerkTimestamp(record.updatedAt))
    }

    func passkeyVerification(_ record: VerificationRecord, now: Date, fallbackExpireAt: Date? = nil) -> Verification {
        let status = record.status(now: now)
        return Verification(
            object: "verification_passkey", status: status, strategy: .passkey, attempts: record.currentAttempts,
            expireAt: ClerkTimestamp(record.expireAt ?? fallbackExpireAt ?? now), nonce: status == .unverified ? record.nonce : nil)
    }
}

import ClerkAPI
import Foundation

/// A verification in progress or done: a sent code (with its challenge), a sent email link, a
/// password, a TOTP or backup code check, or an identifier verified elsewhere (transfer).
package struct VerificationRecord: Sendable, Codable {
    package var strategy: Strategy
    /// The status where no code challenge decides it (password, TOTP, backup code, transfer).
    package var fixedStatus: VerificationStatus
    package var attempts: Int?
    package var challenge: CodeChallenge?
    /// The factor the code went to (its identification id), for prepare/attempt matching.
    package var factorID: String?
    /// The email link sent for it, when it is verified by opening one.
    package var link: LinkChallenge?
    /// The provider's page the user is sent to, when it is verified through the browser (OAuth).
    package var external: ExternalVerification?
    /// A passkey sign-in's challenge, and the request options (JSON) sent with it as the `nonce`.
    package var passkeyChallenge: PasskeyChallenge?
    package var nonce: String?
    /// A trusted-device sign-in's challenge (`trusted_device_challenge`), until a signature answers it.
    package var trustedDeviceChallenge: TrustedDeviceChallengeRecord? = nil

    package static func code(_ strategy: Strategy, challenge: CodeChallenge, factorID: String?) -> VerificationRecord {
        VerificationRecord(strategy: strategy, fixedStatus: .unverified, attempts: 0, challenge: challenge, factorID: factorID)
    }

    package static func link(_ strategy: Strategy, link: LinkChallenge, factorID: String?) -> VerificationRecord {
        VerificationRecord(strategy: strategy, fixedStatus: .unverified, attempts: nil, challenge: nil, factorID: factorID, link: link)
    }

    /// A passkey ceremony's verification: `nonce` holds its options while it is unverified.
    package static func passkey(challenge: PasskeyChallenge, nonce: String?, verified: Bool) -> VerificationRecord {
        VerificationRecord(
            strategy: .passkey, fixedStatus: verified ? .verified : .unverified, attempts: nil, challenge: nil, factorID: nil,
            passkeyChallenge: challenge, nonce: verified ? nil : nonce)
    }

    /// A trusted-device sign-in's verification: unverified with its challenge, then verified without it.
    package static func trustedDevice(challenge: TrustedDeviceChallengeRecord?) -> VerificationRecord {
        VerificationRecord(
            strategy: .trustedDevice, fixedStatus: challenge == nil ? .verified : .unverified, attempts: nil, challenge: nil, factorID: nil,
            trustedDeviceChallenge: challenge)
    }

    package static func verified(_ strategy: Strategy, attempts: Int? = 1) -> VerificationRecord {
        VerificationRecord(strategy: strategy, fixedStatus: .verified, attempts: attempts, challenge: nil, factorID: nil)
    }

    package func status(now: Date) -> VerificationStatus {
        if fixedStatus == .transferable { return .transferable }
        if let link { return link.status(now: now) }
        if let external, fixedStatus == .unverified {
            if external.errorCode != nil { return .failed }
            if now >= external.expiresAt { return .expired }
        }
        if let passkeyChallenge, fixedStatus == .unverified, now >= passkeyChallenge.expiresAt { return .expired }
        if let trustedDeviceChallenge, fixedStatus == .unverified, now >= trustedDeviceChallenge.expiresAt { return .expired }
        return challenge?.status(now: now) ?? fixedStatus
    }

    package var expireAt: Date? {
        challenge?.expiresAt ?? link?.expiresAt ?? external?.expiresAt ?? passkeyChallenge?.expiresAt ?? trustedDeviceChallenge?.expiresAt
    }

    package var currentAttempts: Int? { challenge?.attempts ?? attempts }
}

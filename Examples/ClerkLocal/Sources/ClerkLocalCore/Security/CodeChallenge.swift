import ClerkAPI
import Crypto
import Foundation

/// One sent one-time code: 6 digits from the CSPRNG, kept only as a SHA-256 digest, valid for a
/// limited time and a limited number of attempts, compared in constant time.
package struct CodeChallenge: Sendable, Codable {
    package enum Outcome: Sendable, Equatable {
        case verified
        case incorrect
        /// The attempt limit is reached: the verification has failed for good.
        case failed
        case expired
        case alreadyVerified
    }

    package let destination: String
    @Base64Bytes package private(set) var digest: [UInt8]
    package private(set) var sentAt: Date
    package private(set) var expiresAt: Date
    package private(set) var attempts: Int
    package private(set) var state: VerificationStatus

    /// A new challenge and the code to deliver. Test identifiers get the fixed code and nothing is
    /// delivered for them (`code` is nil).
    package static func issue(to destination: String, now: Date, settings: CodeSettings, fixedCode: String?) -> (CodeChallenge, code: String?) {
        let code = fixedCode ?? SecureRandom.digits(6)
        let challenge = CodeChallenge(
            destination: destination, digest: digest(of: code), sentAt: now,
            expiresAt: now.addingTimeInterval(TimeInterval(settings.lifetimeSeconds)), attempts: 0, state: .unverified)
        return (challenge, fixedCode == nil ? code : nil)
    }

    /// Seconds to wait before another code may be sent to the same verification, or nil if one may be now.
    package func resendWait(now: Date, settings: CodeSettings) -> Int? {
        let elapsed = now.timeIntervalSince(sentAt)
        let interval = TimeInterval(settings.resendIntervalSeconds)
        guard elapsed < interval else { return nil }
        return max(1, Int((interval - elapsed).rounded(.up)))
    }

    /// Status as the wire shows it, with expiry applied.
    package func status(now: Date) -> VerificationStatus {
        if state == .unverified, now >= expiresAt { return .expired }
        return state
    }

    package mutating func attempt(_ code: String, now: Date, settings: CodeSettings) -> Outcome {
        switch status(now: now) {
        case .verified: return .alreadyVerified
        case .failed: return .failed
        case .expired:
            state = .expired
            return .expired
        default: break
        }
        attempts += 1
        if ConstantTime.equals(Self.digest(of: code), digest) {
            state = .verified
            return .verified
        }
        if attempts >= settings.maxAttempts {
            state = .failed
            return .failed
        }
        return .incorrect
    }

    private static func digest(of code: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(code.utf8)))
    }
}

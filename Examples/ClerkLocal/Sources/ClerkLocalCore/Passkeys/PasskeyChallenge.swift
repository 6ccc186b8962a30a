import ClerkAPI
import Foundation

/// A ceremony's challenge: 32 bytes from the CSPRNG, valid until it expires, and used at most once. The store
/// keeps the taken challenge only when the response verifies: a refused response changes nothing, so the
/// options can still be answered, and the response that verifies uses them up, so none is accepted twice.
package struct PasskeyChallenge: Sendable, Codable, Equatable {
    package enum Unavailable: Error, Sendable, Equatable {
        case expired
        case used

        /// An expired challenge is an expired verification; a used one a verification that holds no valid nonce.
        package var frontendError: FrontendError {
            switch self {
            case .expired: FrontendError(.verificationExpired)
            case .used: FrontendError(.passkeyInvalidVerification)
            }
        }
    }

    package static let length = 32

    @Base64Bytes package private(set) var bytes: [UInt8]
    package private(set) var expiresAt: Date
    package private(set) var used: Bool

    package static func issue(now: Date, lifetimeSeconds: Int) -> PasskeyChallenge {
        PasskeyChallenge(bytes: SecureRandom.bytes(length), expiresAt: now.addingTimeInterval(TimeInterval(lifetimeSeconds)), used: false)
    }

    /// The challenge's base64url form, as the options carry it.
    package var encoded: String { Base64URL.encode(bytes) }

    /// The bytes to verify a response against, once.
    package mutating func take(now: Date) throws(Unavailable) -> [UInt8] {
        guard !used else { throw .used }
        guard now < expiresAt else { throw .expired }
        used = true
        return bytes
    }
}

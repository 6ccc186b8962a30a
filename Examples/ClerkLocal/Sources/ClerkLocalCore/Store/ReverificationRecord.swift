import ClerkAPI
import Foundation

/// A re-verification of a session in progress or done (`/v1/client/sessions/{id}/verify`): the
/// level asked for, the factors offered when it started, and each factor's verification.
package struct ReverificationRecord: Sendable, Codable {
    package var level: SessionReverificationLevel
    package var status: SessionReverificationStatus
    package var firstFactors: [FactorRecord]
    package var secondFactors: [FactorRecord]
    package var firstFactor: VerificationRecord?
    package var secondFactor: VerificationRecord?
    /// When a `multi_factor` re-verification's first factor was verified: the session's only once the
    /// second factor completes it.
    package var firstFactorVerifiedAt: Date? = nil
    package var createdAt: Date
}

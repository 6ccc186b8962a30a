import ClerkAPI
import Foundation

struct SessionRecord: Sendable {
    var id: String
    var clientID: String
    var userID: String
    var status: SessionStatus
    var tasks: [SessionTaskKey]
    var firstFactorVerifiedAt: Date
    var secondFactorVerifiedAt: Date?
    var lastActiveAt: Date
    var expireAt: Date
    var abandonAt: Date
    var createdAt: Date
    var updatedAt: Date

    /// Active or pending: listed on the client and able to mint tokens.
    var isLive: Bool { status == .active || status == .pending }
}

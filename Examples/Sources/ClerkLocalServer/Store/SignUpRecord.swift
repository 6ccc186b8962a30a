import ClerkAPI
import Foundation

struct SignUpRecord: Sendable, Codable {
    var id: String
    var clientID: String
    var status: SignUpStatus
    var emailAddress: String?
    var phoneNumber: String?
    var username: String?
    var passwordHash: String?
    var firstName: String?
    var lastName: String?
    var legalAcceptedAt: Date?
    var unsafeMetadata: JSONValue?
    var emailVerification: VerificationRecord?
    var phoneVerification: VerificationRecord?
    var createdUserID: String?
    var createdSessionID: String?
    var createdAt: Date
    var abandonAt: Date
}

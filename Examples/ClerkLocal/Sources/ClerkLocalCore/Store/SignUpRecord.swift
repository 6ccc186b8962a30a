import ClerkAPI
import Foundation

package struct SignUpRecord: Sendable, Codable {
    package var id: String
    package var clientID: String
    package var status: SignUpStatus
    package var emailAddress: String?
    package var phoneNumber: String?
    package var username: String?
    package var passwordHash: String?
    package var firstName: String?
    package var lastName: String?
    package var legalAcceptedAt: Date?
    package var unsafeMetadata: JSONValue?
    /// The invitation whose ticket started the sign-up; accepted when the user is created.
    package var invitationID: String?
    /// The organization invitation whose ticket started the sign-up; the user joins when created.
    package var organizationInvitationID: String?
    /// The invitation's public metadata, the user's once created.
    package var publicMetadata: JSONValue?
    package var emailVerification: VerificationRecord?
    package var phoneVerification: VerificationRecord?
    /// The identity a token proved (directly or by a transfer): the user gets it as an external account.
    package var identity: VerifiedIdentity?
    /// A browser (OAuth) sign-up's verification at the provider: `verifications.external_account`.
    package var externalVerification: VerificationRecord?
    /// The identity a transferable external-account verification proved, for a sign-in with `transfer`.
    package var identityTransfer: VerifiedIdentity?
    package var createdUserID: String?
    package var createdSessionID: String?
    package var createdAt: Date
    package var abandonAt: Date
}

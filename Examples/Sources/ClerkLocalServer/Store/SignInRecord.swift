import ClerkAPI
import Foundation

/// A factor offered to the signing-in user. `destination` is the address or number itself, never sent.
struct FactorRecord: Sendable, Codable {
    var strategy: Strategy
    var safeIdentifier: String?
    var emailAddressID: String?
    var phoneNumberID: String?
    var primary: Bool?
    var isDefault: Bool?
    var destination: String?

    var identificationID: String? { emailAddressID ?? phoneNumberID }
}

struct SignInRecord: Sendable, Codable {
    var id: String
    var clientID: String
    var status: SignInStatus
    var identifier: String?
    var identifierKind: IdentifierKind?
    /// nil when no account matches (signUpIfMissing, or enumeration protection).
    var userID: String?
    var signUpIfMissing: Bool
    /// The answer must not reveal whether the account exists: factors come from the instance's
    /// settings and user data is withheld until the first factor is verified.
    var concealed: Bool
    var firstFactors: [FactorRecord]
    var secondFactors: [FactorRecord]?
    var firstFactor: VerificationRecord?
    var secondFactor: VerificationRecord?
    var clientTrustState: ClientTrustState?
    var createdSessionID: String?
    var firstFactorVerifiedAt: Date?
    var secondFactorVerifiedAt: Date?
    var locale: String?
    var createdAt: Date
    var abandonAt: Date
}

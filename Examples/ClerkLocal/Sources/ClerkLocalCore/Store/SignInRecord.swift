import ClerkAPI
import Foundation

/// A factor offered to the signing-in user. `destination` is the address or number itself, never sent.
package struct FactorRecord: Sendable, Codable {
    package var strategy: Strategy
    package var safeIdentifier: String?
    package var emailAddressID: String?
    package var phoneNumberID: String?
    package var primary: Bool?
    package var isDefault: Bool?
    package var destination: String?
    /// The enterprise connection of an `enterprise_sso` factor.
    package var enterpriseConnectionID: String?
    package var enterpriseConnectionName: String?

    package var identificationID: String? { emailAddressID ?? phoneNumberID }
}

package struct SignInRecord: Sendable, Codable {
    package var id: String
    package var clientID: String
    package var status: SignInStatus
    package var identifier: String?
    package var identifierKind: IdentifierKind?
    /// nil when no account matches (signUpIfMissing, or enumeration protection).
    package var userID: String?
    package var signUpIfMissing: Bool
    /// The answer must not reveal whether the account exists: factors come from the instance's
    /// settings and user data is withheld until the first factor is verified.
    package var concealed: Bool
    package var firstFactors: [FactorRecord]
    package var secondFactors: [FactorRecord]?
    package var firstFactor: VerificationRecord?
    package var secondFactor: VerificationRecord?
    package var clientTrustState: ClientTrustState?
    package var createdSessionID: String?
    package var firstFactorVerifiedAt: Date?
    package var secondFactorVerifiedAt: Date?
    package var locale: String?
    /// The identity a token proved when no account matched it: what a transfer signs up.
    package var identityTransfer: VerifiedIdentity?
    package var createdAt: Date
    package var abandonAt: Date
}

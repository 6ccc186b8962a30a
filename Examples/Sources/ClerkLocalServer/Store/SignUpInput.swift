import ClerkAPI

/// The fields a sign-up create or update carries (the routes read them from either endpoint's body).
struct SignUpInput: Sendable {
    var emailAddress: String?
    var phoneNumber: String?
    var emailAddressOrPhoneNumber: String?
    var username: String?
    var hasPassword: Bool
    var firstName: String?
    var lastName: String?
    var legalAccepted: Bool?
    var unsafeMetadata: JSONValue?
    var strategy: Strategy?
    var web3Wallet: String?
    var ticket: String?
    var password: String?
}

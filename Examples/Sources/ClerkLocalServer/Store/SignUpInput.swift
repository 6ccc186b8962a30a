import ClerkAPI

/// The fields a sign-up create or update carries, read from either endpoint's body.
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

    init(_ body: CreateSignUpRequest.Body) {
        emailAddress = body.emailAddress
        phoneNumber = body.phoneNumber
        emailAddressOrPhoneNumber = body.emailAddressOrPhoneNumber
        username = body.username
        password = body.password
        hasPassword = body.password != nil
        firstName = body.firstName
        lastName = body.lastName
        legalAccepted = body.legalAccepted
        unsafeMetadata = body.unsafeMetadata
        strategy = body.strategy
        web3Wallet = body.web3Wallet
        ticket = body.ticket
    }

    init(_ body: UpdateSignUpRequest.Body) {
        emailAddress = body.emailAddress
        phoneNumber = body.phoneNumber
        emailAddressOrPhoneNumber = body.emailAddressOrPhoneNumber
        username = body.username
        password = body.password
        hasPassword = body.password != nil
        firstName = body.firstName
        lastName = body.lastName
        legalAccepted = body.legalAccepted
        unsafeMetadata = body.unsafeMetadata
        strategy = body.strategy
        web3Wallet = body.web3Wallet
        ticket = body.ticket
    }
}

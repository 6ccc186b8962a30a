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

    init(_ body: some SignUpFieldsBody) {
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

/// The fields sign-up create and update share: both generated bodies carry them under the same names.
protocol SignUpFieldsBody {
    var emailAddress: String? { get }
    var phoneNumber: String? { get }
    var emailAddressOrPhoneNumber: String? { get }
    var username: String? { get }
    var password: String? { get }
    var firstName: String? { get }
    var lastName: String? { get }
    var legalAccepted: Bool? { get }
    var unsafeMetadata: JSONValue? { get }
    var strategy: Strategy? { get }
    var web3Wallet: String? { get }
    var ticket: String? { get }
}

extension CreateSignUpRequest.Body: SignUpFieldsBody {}
extension UpdateSignUpRequest.Body: SignUpFieldsBody {}

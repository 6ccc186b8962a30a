import ClerkAPI
import ClerkLocalCore

// The Frontend API's form bodies, translated into the store's inputs: the store never sees a
// generated request body, so a schema change stops here.

extension SignInStart {
    package init(_ body: CreateSignInRequest.Body) {
        self.init(
            identifier: body.identifier, strategy: body.strategy, password: body.password, transfer: body.transfer,
            signUpIfMissing: body.signUpIfMissing, locale: body.locale, redirectURL: body.redirectURL, ticket: body.ticket)
    }
}

extension FactorPreparation {
    package init(_ body: PrepareSignInFirstFactorRequest.Body) {
        self.init(
            strategy: body.strategy, emailAddressID: body.emailAddressID, phoneNumberID: body.phoneNumberID, redirectURL: body.redirectURL,
            codeChallenge: body.codeChallenge, codeChallengeMethod: body.codeChallengeMethod)
    }

    package init(_ body: PrepareSignInSecondFactorRequest.Body) {
        self.init(
            strategy: body.strategy, emailAddressID: body.emailAddressID, phoneNumberID: body.phoneNumberID, redirectURL: body.redirectURL)
    }

    package init(_ body: PrepareSessionReverificationFirstFactorRequest.Body) {
        self.init(strategy: body.strategy, emailAddressID: body.emailAddressID, phoneNumberID: body.phoneNumberID)
    }

    /// The spec allows leaving the strategy out: an SMS code is the only one that is sent.
    package init(_ body: PrepareSessionReverificationSecondFactorRequest.Body) {
        self.init(strategy: body.strategy ?? .phoneCode, phoneNumberID: body.phoneNumberID)
    }
}

extension FirstFactorAttempt {
    package init(_ body: AttemptSignInFirstFactorRequest.Body) {
        self.init(strategy: body.strategy, code: body.code, password: body.password)
    }

    package init(_ body: AttemptSessionReverificationFirstFactorRequest.Body) {
        self.init(strategy: body.strategy, code: body.code, password: body.password)
    }
}

extension SecondFactorAttempt {
    package init(_ body: AttemptSignInSecondFactorRequest.Body) {
        self.init(strategy: body.strategy, code: body.code)
    }

    package init(_ body: AttemptSessionReverificationSecondFactorRequest.Body) {
        self.init(strategy: body.strategy, code: body.code ?? "")
    }
}

extension CodePreparation {
    package init(_ body: PrepareSignUpVerificationRequest.Body) {
        self.init(
            strategy: body.strategy, redirectURL: body.redirectURL, codeChallenge: body.codeChallenge, codeChallengeMethod: body.codeChallengeMethod)
    }
    package init(_ body: PrepareEmailAddressVerificationRequest.Body) { self.init(strategy: body.strategy) }
    package init(_ body: PreparePhoneNumberVerificationRequest.Body) { self.init(strategy: body.strategy) }
}

extension VerificationAttempt {
    package init(_ body: AttemptSignUpVerificationRequest.Body) {
        self.init(strategy: body.strategy, code: body.code)
    }
}

extension AccountChange {
    package init(_ body: UpdateUserRequest.Body) {
        self.init(
            username: body.username, firstName: body.firstName, lastName: body.lastName,
            primaryEmailAddressID: body.primaryEmailAddressID, primaryPhoneNumberID: body.primaryPhoneNumberID,
            primaryWeb3WalletID: body.primaryWeb3WalletID)
    }
}

extension PasswordChange {
    package init(_ body: ChangePasswordRequest.Body) {
        self.init(
            currentPassword: body.currentPassword, newPassword: body.newPassword, signOutOfOtherSessions: body.signOutOfOtherSessions)
    }
}

extension NewPhoneNumber {
    package init(_ body: CreatePhoneNumberRequest.Body) {
        self.init(phoneNumber: body.phoneNumber, reservedForSecondFactor: body.reservedForSecondFactor)
    }
}

extension PhoneNumberChange {
    package init(_ body: UpdatePhoneNumberRequest.Body) {
        self.init(reservedForSecondFactor: body.reservedForSecondFactor, defaultSecondFactor: body.defaultSecondFactor)
    }
}

extension SessionTouch {
    package init(_ body: TouchSessionRequest.Body) { self.init(activeOrganizationID: body.activeOrganizationID) }
}

extension TokenRequest {
    package init(_ body: CreateSessionTokenRequest.Body) { self.init(organizationID: body.organizationID) }
}

extension SignUpInput {
    package init(_ body: some SignUpFieldsBody) {
        self.init()
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

    /// A create's fields, with the captcha only a create carries.
    package init(creating body: CreateSignUpRequest.Body) {
        self.init(body)
        captchaToken = body.captchaToken
        captchaError = body.captchaError
    }
}

/// The fields sign-up create and update share: both generated bodies carry them under the same names.
package protocol SignUpFieldsBody {
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

import ClerkBackupCode
import ClerkClientTrust
import ClerkEmailCode
import ClerkEmailLink
import ClerkIDToken
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTicket
import ClerkTransfer
import Testing

@testable import Clerk

@Suite("Factor registry")
struct RegistryTests {
    @Test("registering the same strategy twice throws and leaves the registry unchanged")
    func duplicate() throws {
        var registry = try FactorRegistry([PasswordStrategy(), EmailCodeStrategy()])
        #expect(throws: ClerkError.configuration(.duplicateStrategy(.password, stage: .firstFactor))) {
            try registry.register(PasswordStrategy())
        }
        #expect(throws: ClerkError.configuration(.duplicateStrategy(.emailCode, stage: .firstFactor))) {
            try registry.register(SignUpIfMissingStrategy(.emailCode))
        }
        #expect(registry.all.count == 2)
        #expect(throws: ClerkError.self) { try FactorRegistry([TOTPStrategy(), TOTPStrategy()]) }
    }

    @Test("the same strategy value may serve different stages through different modules")
    func stages() throws {
        var registry = try FactorRegistry([EmailCodeStrategy(), PhoneCodeStrategy()])
        try registry.registerClientTrust()
        #expect(registry.strategies(for: .clientTrust).map(\.strategy) == [.emailCode, .phoneCode])
        #expect(registry.strategy(.emailCode, for: .clientTrust) is ClientTrustStrategy)
        #expect(registry.strategy(.emailCode, for: .secondFactor) is EmailCodeStrategy)
        #expect(throws: ClerkError.self) { try registry.registerClientTrust() }
        #expect(registry.contains(.phoneCode, for: .signUpVerification))
        #expect(!registry.contains(.totp, for: .secondFactor))
    }

    @Test("each strategy declares its stages and credential")
    func declarations() {
        #expect(PasswordStrategy().stages == [.firstFactor])
        #expect(PasswordStrategy().credential == .password)
        #expect(EmailCodeStrategy().stages == [.firstFactor, .secondFactor, .signUpVerification])
        #expect(PhoneCodeStrategy().stages == [.firstFactor, .secondFactor, .signUpVerification])
        #expect(TOTPStrategy().stages == [.secondFactor])
        #expect(BackupCodeStrategy().stages == [.secondFactor])
        #expect(ClientTrustStrategy(.phone).stages == [.clientTrust])
        #expect(SignUpIfMissingStrategy().stages == [.firstFactor])
        #expect(EmailCodeStrategy(stages: [.clientTrust, .secondFactor]).stages == [.secondFactor])
    }

    @Test("the credential kind says what the user supplies, and is open to kinds of other modules")
    func credentialKinds() throws {
        #expect(EmailCodeStrategy().credential == .code)
        #expect(TOTPStrategy().credential == .code)
        #expect(EmailLinkStrategy(redirectURL: Fixture.redirectURL).credential == .link)
        #expect(TicketStrategy().credential == .token)
        #expect(IdentityTokenStrategy(.apple).credential == .token)
        let custom = CredentialKind(rawValue: "security_key")
        #expect(custom.rawValue == "security_key" && custom.description == "security_key")
        #expect(custom != .code && custom != .password)
        #expect(CredentialKind(rawValue: "password") == .password)
    }

    @Test("each strategy declares what it can do")
    func capabilities() {
        #expect(PasswordStrategy().capabilities == [.startsSignIn])
        #expect(EmailCodeStrategy().capabilities == [.startsSignIn, .sendsCode])
        #expect(PhoneCodeStrategy().capabilities == [.startsSignIn, .sendsCode])
        #expect(TOTPStrategy().capabilities == [])
        #expect(BackupCodeStrategy().capabilities == [])
        #expect(ClientTrustStrategy(.email).capabilities == [.sendsCode])
        #expect(SignUpIfMissingStrategy().capabilities == [.startsSignIn, .sendsCode, .transfersMissingAccount])
        #expect(EmailCodeStrategy().verifiedField == .emailAddress)
        #expect(PhoneCodeStrategy().verifiedField == .phoneNumber)
        #expect(PasswordStrategy().verifiedField == nil)
    }

    @Test("applicable strategies are those both registered and supported, in registration order")
    func applicable() throws {
        let registry = try FactorRegistry([BackupCodeStrategy(), TOTPStrategy(), PhoneCodeStrategy()])
        let found = registry.applicable(at: .secondFactor, among: [Fixture.totpFactor, Fixture.emailFactor, Fixture.backupFactor], identifier: nil)
        #expect(found.map(\.strategy.strategy) == [.backupCode, .totp])
    }

    @Test("each strategy builds its prepare and attempt parameters")
    func parameters() {
        let email = EmailCodeStrategy()
        #expect(
            email.startSignIn(identifier: "a@b.co", password: nil).formFields() == [FormField("strategy", "email_code"), FormField("identifier", "a@b.co")])
        #expect(
            email.prepareFirstFactor(Fixture.emailFactor).formFields() == [FormField("strategy", "email_code"), FormField("email_address_id", "idn_email")])
        #expect(email.attemptFirstFactor("1").formFields() == [FormField("strategy", "email_code"), FormField("code", "1")])
        #expect(
            email.prepareSecondFactor(Fixture.emailFactor).formFields() == [FormField("strategy", "email_code"), FormField("email_address_id", "idn_email")])
        #expect(email.prepareVerification().formFields() == [FormField("strategy", "email_code")])
        let phone = PhoneCodeStrategy(channel: "whatsapp")
        #expect(
            phone.prepareFirstFactor(Fixture.phoneFactor).formFields() == [
                FormField("strategy", "phone_code"), FormField("phone_number_id", "idn_phone"), FormField("channel", "whatsapp"),
            ])
        #expect(
            phone.prepareSecondFactor(Fixture.phoneFactor).formFields() == [FormField("strategy", "phone_code"), FormField("phone_number_id", "idn_phone")])
        #expect(phone.prepareVerification().formFields() == [FormField("strategy", "phone_code"), FormField("channel", "whatsapp")])
        let password = PasswordStrategy()
        #expect(password.startSignIn(identifier: "jane", password: "pw").formFields() == [FormField("identifier", "jane"), FormField("password", "pw")])
        #expect(password.attemptFirstFactor("pw").formFields() == [FormField("strategy", "password"), FormField("password", "pw")])
        #expect(TOTPStrategy().attemptSecondFactor("123456").formFields() == [FormField("strategy", "totp"), FormField("code", "123456")])
        #expect(BackupCodeStrategy().attemptSecondFactor("abcd-efgh").formFields() == [FormField("strategy", "backup_code"), FormField("code", "abcd-efgh")])
        #expect(
            ClientTrustStrategy(.phone).prepareSecondFactor(Fixture.phoneFactor).formFields() == [
                FormField("strategy", "phone_code"), FormField("phone_number_id", "idn_phone"),
            ])
        #expect(ClientTrustStrategy(.email).attemptSecondFactor("424242").formFields() == [FormField("strategy", "email_code"), FormField("code", "424242")])
        #expect(
            SignUpIfMissingStrategy(.phoneCode).startSignIn(identifier: "+15555550100", password: nil).formFields()
                == [FormField("strategy", "phone_code"), FormField("identifier", "+15555550100"), FormField("sign_up_if_missing", "true")])
    }
}

@Suite("Factor selection")
struct FactorSelectionTests {
    let work = SignInFactor(strategy: .emailCode, safeIdentifier: "j***@work.com", emailAddressID: "idn_work")
    let home = SignInFactor(strategy: .emailCode, safeIdentifier: "jane@home.com", emailAddressID: "idn_home", primary: true)
    let broken = SignInFactor(strategy: .emailCode, safeIdentifier: "jane@nowhere.com")

    @Test("among several, the factor whose safe_identifier matches the identifier wins")
    func matching() {
        #expect(EmailCodeStrategy().selectFactor(from: [work, home], identifier: "J***@WORK.com")?.emailAddressID == "idn_work")
        #expect(EmailCodeStrategy().selectFactor(from: [home, work], identifier: "j***@work.com")?.emailAddressID == "idn_work")
    }

    @Test("without a match, the primary factor wins, then the first")
    func fallback() {
        #expect(EmailCodeStrategy().selectFactor(from: [work, home], identifier: "other@x.com")?.emailAddressID == "idn_home")
        let plain = SignInFactor(strategy: .emailCode, emailAddressID: "idn_a")
        #expect(EmailCodeStrategy().selectFactor(from: [plain, work], identifier: nil)?.emailAddressID == "idn_a")
    }

    @Test("code factors without the id their prepare needs are skipped; other strategies are ignored")
    func skipped() {
        #expect(EmailCodeStrategy().selectFactor(from: [broken, Fixture.phoneFactor], identifier: "jane@nowhere.com") == nil)
        #expect(PhoneCodeStrategy().selectFactor(from: [Fixture.emailFactor, SignInFactor(strategy: .phoneCode)], identifier: nil) == nil)
        #expect(PhoneCodeStrategy().selectFactor(from: [Fixture.emailFactor, Fixture.phoneFactor], identifier: nil)?.phoneNumberID == "idn_phone")
        #expect(TOTPStrategy().selectFactor(from: [Fixture.phoneFactor, Fixture.totpFactor], identifier: nil)?.strategy == .totp)
    }

    @Test("phone safe identifiers match ignoring formatting")
    func phoneMatching() {
        let a = SignInFactor(strategy: .phoneCode, safeIdentifier: "+1 555-555-0100", phoneNumberID: "idn_a")
        let b = SignInFactor(strategy: .phoneCode, safeIdentifier: "+1 555-555-0199", phoneNumberID: "idn_b")
        #expect(PhoneCodeStrategy().selectFactor(from: [a, b], identifier: "+15555550199")?.phoneNumberID == "idn_b")
    }

    @Test("client trust prefers email and falls back to phone only when email is not offered")
    func clientTrust() {
        let both = SignInHandle(
            client: Harness().client, signIn: Fixture.signIn(status: .needsClientTrust, second: [Fixture.phoneFactor, Fixture.emailFactor]))
        #expect(ClientTrustStrategy.preferredFactor(in: both)?.factor.emailAddressID == "idn_email")
        let phoneOnly = SignInHandle(client: Harness().client, signIn: Fixture.signIn(status: .needsClientTrust, second: [Fixture.phoneFactor]))
        #expect(ClientTrustStrategy.preferredFactor(in: phoneOnly)?.factor.phoneNumberID == "idn_phone")
        let none = SignInHandle(client: Harness().client, signIn: Fixture.signIn(status: .needsClientTrust, second: [Fixture.totpFactor]))
        #expect(ClientTrustStrategy.preferredFactor(in: none) == nil)
    }
}

@Suite("E.164")
struct PhoneValidationTests {
    @Test("E.164 numbers are accepted", arguments: ["+15555550100", "+442071838750", "+4915112345678", "+12"])
    func valid(_ number: String) throws {
        #expect(PhoneNumberValidation.isE164(number))
        try PhoneNumberValidation.validate(number)
    }

    @Test(
        "other forms are refused",
        arguments: [
            "5555550100", "+1 555 555 0100", "+1-555-555-0100", "(555) 555-0100", "+0123456789", "+", "+1",
            "+1234567890123456", "+1555555010a", "", "+١٢٣٤٥٦٧٨", "00155555501000",
        ])
    func invalid(_ number: String) {
        #expect(!PhoneNumberValidation.isE164(number))
        #expect(throws: ClerkError.self) { try PhoneNumberValidation.validate(number) }
    }

    @Test("phone sign-ins and sign-ups with a non-E.164 number send no request")
    func noRequest() async {
        let harness = Harness()
        let error = await clerkError { try await harness.client.startPhoneCodeSignIn(phoneNumber: "555 0100") }
        guard case .invalidInput(let input) = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(input.field == "identifier")
        #expect(await clerkError { try await harness.client.startSignUpIfMissing(identifier: "0100", strategy: .phoneCode) } != nil)
        #expect(await clerkError { try await harness.client.createSignUp(try SignUpDetails(phoneNumber: "555").createBody()) } != nil)
        #expect(await clerkError { try await harness.client.transferToSignUp(SignUpDetails(phoneNumber: "555")) } != nil)
        #expect(harness.requests.isEmpty)
    }
}

import Clerk
import ClerkBackupCode
import ClerkEmailCode
import ClerkEmailLink
import ClerkLocalServer
import ClerkPhoneCode
import ClerkTOTP
import Foundation

/// Creates a person's account on a separately started instance as they would have made it: a
/// sign-up through the Frontend API, then their second factors through the account API (an
/// authenticator app, backup codes, an SMS second factor), and, through the Backend API, what only
/// a backend does (flagging the password compromised). Nothing is seeded in-process.
struct AccountProvisioning {
    let configuration: ClerkConfiguration
    let inbox: (any Inbox)?
    let backendAPI: BackendAPIAccess?
    let transcript: Transcript

    /// The person with the secrets their devices keep (authenticator secret, backup codes).
    func provision(_ persona: Persona) async throws -> Persona {
        guard let account = persona.account else { return persona }
        let clerk = ClerkClient(configuration: configuration)
        let answers = AutomaticAnswers(persona: persona, inbox: inbox, transcript: Transcript())
        guard let session = try await signUp(persona, account: account, on: clerk, answers: answers) else {
            transcript.write(.note, "\(persona.description) already exists")
            return persona
        }
        var person = persona
        let handle = try await clerk.account()
        if account.authenticatorApp {
            person = try await enrollAuthenticator(person, on: handle)
        }
        if account.backupCodes, person.backupCodes.isEmpty {
            person.backupCodes = try await handle.generateBackupCodes().codes.map(\.revealed)
        }
        if account.smsSecondFactor {
            try await reservePhone(of: person, on: handle, answers: answers)
        }
        if account.passwordCompromised {
            guard let backendAPI, let userID = session.session.user?.id else {
                throw FlowRefusal(need: .secretKey(purpose: "flag a password compromised"))
            }
            try await backendAPI.setPasswordCompromised(userID: userID)
        }
        try await clerk.signOut(sessionID: session.id)
        transcript.write(.note, "created \(persona.description) through a sign-up and the account API beforehand (not counted)")
        return person
    }

    /// The person's sign-up, verified with the codes they receive; nil when the account exists
    /// already (possible only for an account with nothing to set up).
    private func signUp(_ persona: Persona, account: Persona.Account, on clerk: ClerkClient, answers: AutomaticAnswers) async throws -> ActiveSession? {
        let registry = try FactorRegistry([
            EmailCodeStrategy(stages: [.signUpVerification]), PhoneCodeStrategy(stages: [.signUpVerification]),
            EmailLinkStrategy(redirectURL: ExampleFlow.emailLinkRedirect, stages: [.signUpVerification]),
        ])
        var details = persona.signUpDetails
        if !account.phoneNumberOnAccount { details.phoneNumber = nil }
        do {
            return try await FlowDriver(client: clerk, registry: registry, answers: answers).signUp(details)
        } catch {
            guard error.hasCode(.formIdentifierExists) else { throw error }
            guard !account.needsSetUp else {
                throw ExampleFailure("\(persona.description) exists from an earlier run, and its second factors' secrets are unknown here")
            }
            return nil
        }
    }

    /// Enrols an authenticator app with the code of the previous 30-second step (accepted as clock
    /// skew), so that the flow's own sign-in with the current code is not a replay.
    private func enrollAuthenticator(_ persona: Persona, on handle: AccountHandle) async throws -> Persona {
        let enrollment = try await handle.enrollTOTP()
        guard let app = Authenticator(base32Secret: enrollment.secret.revealed) else {
            throw ExampleFailure("the instance enrolled an authenticator secret that is not Base32")
        }
        let verified = try await handle.verifyTOTP(SecretString(app.code(at: Date().addingTimeInterval(-TimeInterval(TOTP.period)))))
        var person = persona
        person.authenticatorSecret = enrollment.secret.revealed
        person.backupCodes = verified.backupCodeList?.codes.map(\.revealed) ?? []
        return person
    }

    /// Verifies the person's phone number (with the texted code) unless the sign-up did, and makes it
    /// their SMS second factor.
    private func reservePhone(of persona: Persona, on handle: AccountHandle, answers: AutomaticAnswers) async throws {
        guard let number = persona.phoneNumber else { throw ExampleFailure("\(persona.name) has no phone number for an SMS second factor") }
        var phone = try await handle.phoneNumbers().first { $0.phoneNumber == number }
        if phone == nil { phone = try await handle.addPhoneNumber(number) }
        guard let phone else { return }
        if phone.verification?.status != .verified {
            try await handle.sendPhoneCode(to: phone.id)
            guard case .code(let code) = try await answers.answer(.code(CodePrompt(stage: .secondFactorSetup, strategy: .phoneCode, sentTo: number))) else {
                throw ExampleFailure("expected the texted code for \(number)")
            }
            _ = try await handle.verifyPhoneNumber(phone.id, code: code)
        }
        _ = try await handle.reservePhoneNumberForSecondFactor(phone.id)
    }
}

extension Persona.Account {
    /// Whether the account has anything beyond identifiers and a password to set up.
    var needsSetUp: Bool {
        authenticatorApp || backupCodes || smsSecondFactor || passwordCompromised
    }
}

import Clerk
import ClerkLocalServer
import Foundation
import NIOConcurrencyHelpers

/// Why a flow did not do what its guide says.
public struct ExampleFailure: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Answers as the persona would, without a person: the fields from the persona, codes from
/// their inbox (or Clerk's test code for test identifiers), authenticator codes computed from
/// their secret, backup codes from their printed list.
public struct AutomaticAnswers: FlowAnswerProvider {
    public let persona: Persona
    let inbox: (any Inbox)?
    let transcript: Transcript
    /// How many times a refused code is answered again before giving up.
    let maxCodeAttempts = 4
    /// The secret of an authenticator app set up during the flow, when the persona had none.
    private let enrolledSecret = NIOLockedValueBox<String?>(nil)
    /// Passwords typed after a refusal: the person's own password refused twice means it is wrong.
    private let passwordRetries = NIOLockedValueBox(0)
    /// Backup codes shown during the flow, written down by the person.
    private let shownBackupCodes = NIOLockedValueBox<[String]>([])
    /// When the authenticator's last code was read: each code is used once.
    private let lastAuthenticatorRead = NIOLockedValueBox<Date?>(nil)

    public init(persona: Persona, inbox: (any Inbox)?, transcript: Transcript) {
        self.persona = persona
        self.inbox = inbox
        self.transcript = transcript
    }

    public func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        switch question {
        case .identifier(let strategy):
            guard let identifier = persona.identifier(for: strategy) else {
                throw ExampleFailure("\(persona.name) has no identifier for \(strategy.rawValue)")
            }
            return .identifier(identifier)
        case .password(_, let retry):
            if let retry,
                passwordRetries.withLockedValue({ count in
                    count += 1
                    return count > 1
                })
            {
                throw ExampleFailure("\(persona.name)'s password was refused: \(retry)")
            }
            guard let password = persona.password else { throw ExampleFailure("\(persona.name) has no password") }
            return .password(password)
        case .newPassword(let retry):
            if let retry { throw ExampleFailure("the new password was refused: \(retry)") }
            guard let password = persona.newPassword ?? persona.password else { throw ExampleFailure("\(persona.name) has no password") }
            return .password(password)
        case .emailLinkSent(let prompt):
            return try await openLink(prompt)
        case .code(let prompt):
            return try await code(for: prompt)
        case .chooseSecondFactor(let options), .chooseSecondFactorSetup(let options):
            if let preferred = persona.preferredSecondFactor, options.contains(preferred) {
                return .secondFactor(preferred)
            }
            guard let first = options.first else { throw ExampleFailure("no second factor offered") }
            return .secondFactor(first)
        case .authenticatorAppSetup(let enrollment):
            enrolledSecret.withLockedValue { $0 = enrollment.secret.revealed }
            transcript.write(.note, "\(persona.name) adds the account to an authenticator app")
            return .acknowledged
        case .chooseOrganization(let memberships):
            // The first organization they belong to, else a new one named after them.
            if let first = memberships.first { return .organization(first.organization.id) }
            return .newOrganization(name: "\(persona.name)'s team", slug: nil)
        case .phoneNumberForSecondFactor(let verified):
            guard let number = verified.first ?? persona.phoneNumber else {
                throw ExampleFailure("\(persona.name) has no phone number for second-factor codes")
            }
            return .phoneNumber(number)
        case .backupCodes(let list):
            shownBackupCodes.withLockedValue { $0 = list.codes.map(\.revealed) }
            transcript.write(.note, "\(persona.name) keeps \(list.codes.count) backup codes somewhere safe")
            return .acknowledged
        case .signUpDetails:
            return .details(persona.signUpDetails)
        case .missingFields(let fields):
            var details = SignUpDetails()
            for field in fields {
                switch field {
                case .legalAccepted:
                    // Declining would only bring the same question back.
                    guard persona.acceptsTerms else { throw ExampleFailure("\(persona.name) does not accept the terms") }
                    details.legalAccepted = true
                case .firstName: details.firstName = persona.firstName
                case .lastName: details.lastName = persona.lastName
                case .emailAddress: details.emailAddress = persona.emailAddress
                case .phoneNumber: details.phoneNumber = persona.phoneNumber
                case .password: details.password = persona.password
                default: break
                }
            }
            if details.isEmpty {
                throw ExampleFailure("\(persona.name) cannot supply \(fields.map(\.rawValue).joined(separator: ", "))")
            }
            return .details(details)
        }
    }

    private func code(for prompt: CodePrompt) async throws -> FlowAnswer {
        if prompt.attempt > maxCodeAttempts {
            throw ExampleFailure("\(prompt.strategy.rawValue) code refused \(prompt.attempt - 1) times: \(prompt.previousError?.description ?? "")")
        }
        switch prompt.strategy {
        case .totp:
            guard let secret = persona.authenticatorSecret ?? enrolledSecret.withLockedValue({ $0 }),
                let app = Authenticator(base32Secret: secret)
            else {
                throw ExampleFailure("\(persona.name) has no authenticator app")
            }
            // A code works once: when the one showing was already used, the person waits for the next,
            // which the server accepts a step early.
            let now = Date()
            let previous = lastAuthenticatorRead.withLockedValue { $0 }
            let readAt = previous.map { TOTP.step(at: $0) >= TOTP.step(at: now) } == true ? now.addingTimeInterval(TimeInterval(TOTP.period)) : now
            lastAuthenticatorRead.withLockedValue { $0 = readAt }
            transcript.write(
                .note,
                "\(persona.name)'s authenticator app shows \(readAt == now ? "the current" : "the next") code (RFC 6238, computed from the secret)")
            return .code(SecretString(app.code(at: readAt)))
        case .backupCode:
            // They read down their printed list, one code per try.
            let index = prompt.attempt - 1
            let list = persona.backupCodes.isEmpty ? shownBackupCodes.withLockedValue { $0 } : persona.backupCodes
            guard index < list.count else { throw ExampleFailure("\(persona.name) has no backup code left to try") }
            transcript.write(.note, "\(persona.name) types backup code #\(index + 1) from the printed list")
            return .code(SecretString(list[index]))
        default:
            if prompt.previousError?.hasCode(.verificationExpired) == true {
                transcript.write(.note, "the code expired: \(persona.name) asks for a new one")
                return .resendCode
            }
            let destination = prompt.strategy == .phoneCode ? persona.phoneNumber : persona.emailAddress
            guard let destination else { throw ExampleFailure("\(persona.name) cannot receive a \(prompt.strategy.rawValue)") }
            if TestConventions.applies(to: destination) {
                transcript.write(.note, "\(destination) is a test identifier: nothing is delivered, the code is \(TestConventions.code)")
                return .code(SecretString(TestConventions.code))
            }
            guard let inbox, let delivery = await inbox.latest(to: destination) else {
                throw ExampleFailure("no code arrived for \(destination) (run with --interactive to type it)")
            }
            guard let code = delivery.code else { throw ExampleFailure("the latest message to \(destination) holds no code") }
            transcript.write(.delivery, "\(delivery.summary): \(persona.name) reads the code")
            return .code(SecretString(code))
        }
    }

    /// The person opens the link from their mail on another device (a browser, which has no client of
    /// the app's): the app on this device waits for the sign-in or sign-up to show it opened.
    private func openLink(_ prompt: EmailLinkPrompt) async throws -> FlowAnswer {
        guard let address = prompt.sentTo ?? persona.emailAddress else { throw ExampleFailure("\(persona.name) has no email address") }
        guard let inbox, let delivery = await inbox.latest(to: address), let link = delivery.link else {
            throw ExampleFailure("no email link arrived for \(address) (run with --interactive to open it yourself)")
        }
        transcript.write(.delivery, "\(delivery.summary): \(persona.name) opens the link on another device")
        let status = try await LinkOpener.open(link)
        transcript.write(.note, "the browser was sent on with __clerk_status=\(status)")
        return .acknowledged
    }
}

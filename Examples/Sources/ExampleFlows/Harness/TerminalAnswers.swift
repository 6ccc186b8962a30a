import Clerk
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks a person at the terminal, as the guides' forms do: identifier, password (not echoed),
/// the code they received ("resend" and "start over" at every code step), and the error of the
/// last try shown next to the field it concerns.
public struct TerminalAnswers: FlowAnswerProvider {
    /// Where prompts go and lines come from: the real terminal, or a script in tests.
    public struct Terminal: Sendable {
        /// Reads one line after showing `prompt`; `secret` asks not to echo it. Nil at end of input.
        public var read: @Sendable (_ prompt: String, _ secret: Bool) -> String?
        /// Shows a line.
        public var write: @Sendable (String) -> Void

        public init(read: @escaping @Sendable (String, Bool) -> String?, write: @escaping @Sendable (String) -> Void) {
            self.read = read
            self.write = write
        }

        /// Standard input and output; secrets are read with echo off when input is a terminal.
        public static let standard = Terminal(
            read: { prompt, secret in
                print(prompt, terminator: "")
                fflush(nil)
                guard secret, isatty(STDIN_FILENO) == 1 else { return Swift.readLine() }
                var saved = termios()
                tcgetattr(STDIN_FILENO, &saved)
                var silent = saved
                silent.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
                defer {
                    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                    print("")
                }
                return Swift.readLine()
            },
            write: { print($0) })
    }

    /// The person the flow expects; their values are offered as defaults.
    public let persona: Persona
    let terminal: Terminal
    let transcript: Transcript
    /// When each code (by stage and strategy) was last sent, to say how long to wait before
    /// another can be (Clerk refuses a new code within 30 seconds of the last one).
    private let lastSent = NIOLockedValueBox<[String: Date]>([:])
    /// The secret of an authenticator app set up during the flow, to offer its code as the default.
    private let enrolledSecret = NIOLockedValueBox<String?>(nil)
    /// Code prompts (stage/strategy) a new code was just asked for, to say it was sent.
    private let resent = NIOLockedValueBox<Set<String>>([])
    /// The last error shown next to each field, not to show it twice.
    private let lastShown = NIOLockedValueBox<[String: ClerkError]>([:])
    /// The wait the instance imposes between two codes for the same verification (Clerk: 30 s).
    let resendInterval: TimeInterval

    public init(persona: Persona, terminal: Terminal, transcript: Transcript, resendInterval: TimeInterval = 30) {
        self.persona = persona
        self.terminal = terminal
        self.transcript = transcript
        self.resendInterval = resendInterval
    }

    public func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        switch question {
        case .identifier(let strategy):
            let label =
                strategy == .phoneCode || (strategy != .emailCode && persona.signsInWith == .phoneNumber)
                ? "Phone number (E.164, e.g. +14155550123)" : "Email address"
            return .identifier(try ask(label, default: persona.identifier(for: strategy)))
        case .password(let identifier, let retry):
            show(retry, field: "Password")
            return .password(SecretString(try ask("Password for \(identifier)", default: persona.password?.revealed, secret: true)))
        case .newPassword(let retry):
            show(retry, field: "New password")
            return .password(SecretString(try ask("New password", default: nil, secret: true)))
        case .code(let prompt):
            return try code(prompt)
        case .chooseSecondFactor(let options):
            return try choose("Choose how to confirm it is you:", among: options)
        case .chooseSecondFactorSetup(let options):
            return try choose("Choose a second factor to set up:", among: options)
        case .authenticatorAppSetup(let enrollment):
            terminal.write("Add this account to your authenticator app: scan \(enrollment.uri.revealed)")
            terminal.write("  or type the secret \(enrollment.secret.revealed)")
            enrolledSecret.withLockedValue { $0 = enrollment.secret.revealed }
            while true {
                let added = try ask("Added it? (y to go on, or start over)", default: "y").lowercased()
                if ["y", "yes"].contains(added) { return .acknowledged }
                if CodeEntry.startOverWords.contains(added) { return .startOver }
                terminal.write("  ✗ type y once the account is in your app, or start over")
            }
        case .emailLinkSent(let prompt):
            return try emailLink(prompt)
        case .chooseOrganization(let memberships):
            terminal.write("Choose an organization, or name a new one")
            for (index, membership) in memberships.enumerated() {
                terminal.write("  \(index + 1). \(membership.organization.name) (\(membership.role))")
            }
            let answer = try ask("Number, or a new organization's name (or start over)", default: memberships.isEmpty ? "\(persona.name)'s team" : "1")
            if CodeEntry.startOverWords.contains(answer.lowercased()) { return .startOver }
            if let number = Int(answer), memberships.indices.contains(number - 1) { return .organization(memberships[number - 1].organization.id) }
            return .newOrganization(name: answer, slug: nil)
        case .phoneNumberForSecondFactor(let verified):
            let number = try ask("Phone number for second-factor codes (E.164, or start over)", default: verified.first ?? persona.phoneNumber)
            return CodeEntry.startOverWords.contains(number.lowercased()) ? .startOver : .phoneNumber(number)
        case .backupCodes(let list):
            terminal.write("Keep these backup codes somewhere safe; each works once:")
            terminal.write("  " + list.codes.map(\.revealed).joined(separator: " "))
            _ = try ask("Kept them? (press Enter)", default: "y")
            return .acknowledged
        case .signUpDetails:
            terminal.write("Create your account")
            var details = SignUpDetails()
            if persona.emailAddress != nil || persona.phoneNumber == nil {
                details.emailAddress = try ask("Email address", default: persona.emailAddress)
            }
            if persona.phoneNumber != nil {
                details.phoneNumber = try ask("Phone number (E.164)", default: persona.phoneNumber)
            }
            if persona.password != nil {
                details.password = SecretString(try ask("Password", default: persona.password?.revealed, secret: true))
            }
            return .details(details)
        case .missingFields(let fields):
            terminal.write("Complete your account")
            var details = SignUpDetails()
            for field in fields {
                switch field {
                case .legalAccepted:
                    details.legalAccepted = try terminal.askYesNo("I agree to the Terms of Service and Privacy Policy", default: true)
                case .firstName: details.firstName = try ask("First name", default: persona.firstName)
                case .lastName: details.lastName = try ask("Last name", default: persona.lastName)
                case .emailAddress: details.emailAddress = try ask("Email address", default: persona.emailAddress)
                case .phoneNumber: details.phoneNumber = try ask("Phone number (E.164)", default: persona.phoneNumber)
                case .password: details.password = SecretString(try ask("Password", default: nil, secret: true))
                default: terminal.write("  (this example has no field for \(field.rawValue))")
                }
            }
            return .details(details)
        }
    }

    /// Says where the link went and waits for the person: Enter once it is opened (on any device: the
    /// driver then sees the verification), or the address it led to, pasted (`__clerk_status`).
    func emailLink(_ prompt: EmailLinkPrompt) throws -> FlowAnswer {
        terminal.write("We sent a link to \(prompt.sentTo ?? "your email address"): open it, on this device or another.")
        let answer = try ask("Opened it? (Enter, or paste the address it took you to, resend, start over)", default: "")
        let word = answer.lowercased()
        if CodeEntry.startOverWords.contains(word) { return .startOver }
        if ["resend", "r"].contains(word) { return .resendCode }
        if let url = URL(string: answer), url.scheme != nil { return .redirect(url) }
        return .acknowledged
    }

    /// Asks for a code. What the person is told says only what happened: that a code was sent
    /// when one was (the first ask, or after "resend"), nothing more after a refused one. An
    /// answer that cannot be a code is refused here, with a hint, and never sent.
    private func code(_ prompt: CodePrompt) throws -> FlowAnswer {
        show(prompt.previousError, field: "Code")
        let key = "\(prompt.stage.rawValue)/\(prompt.strategy.rawValue)"
        let sendsCode = prompt.strategy != .totp && prompt.strategy != .backupCode
        let justResent = resent.withLockedValue { $0.remove(key) != nil }
        let firstAsk = !justResent && prompt.attempt == 1 && prompt.previousError == nil
        var fallback: String?
        if prompt.strategy == .totp, let secret = persona.authenticatorSecret ?? enrolledSecret.withLockedValue({ $0 }),
            let app = Authenticator(base32Secret: secret)
        {
            fallback = app.code()
        }
        let channel = prompt.strategy == .phoneCode ? "text message" : "email"
        let personal = prompt.strategy == .phoneCode ? persona.phoneNumber : persona.emailAddress
        let destination = prompt.sentTo ?? personal ?? "you"
        if firstAsk {
            switch prompt.strategy {
            case .totp:
                terminal.write("Open your authenticator app and type the 6-digit code it shows.")
            case .backupCode:
                terminal.write("Type one of your backup codes.")
                if !persona.backupCodes.isEmpty {
                    terminal.write("  (the seeded account's backup codes: \(persona.backupCodes.joined(separator: " ")))")
                }
            default:
                terminal.write(
                    "We sent a code by \(channel) to \(destination)" + (prompt.stage == .clientTrust ? " to confirm this new device." : "."))
                if let personal, TestConventions.applies(to: personal) {
                    terminal.write("  (\(personal) is a test identifier: the code is \(TestConventions.code))")
                }
            }
        } else if justResent {
            terminal.write("We sent a new code by \(channel) to \(destination).")
        }
        let sentAt = lastSent.withLockedValue { sent in
            if firstAsk || justResent { sent[key] = Date() }
            return sent[key] ?? Date()
        }
        let label = sendsCode ? "Code (or resend, start over)" : "Code (or start over)"
        while true {
            switch CodeEntry(try ask(label, default: fallback), strategy: prompt.strategy) {
            case .code(let code):
                return .code(SecretString(code))
            case .startOver:
                return .startOver
            case .resend:
                let wait = Int((resendInterval - Date().timeIntervalSince(sentAt)).rounded(.up))
                if wait > 0 {
                    terminal.write("  ✗ Code: a new code can be sent in \(wait) s")
                    continue
                }
                resent.withLockedValue { _ = $0.insert(key) }
                return .resendCode
            case .notACode(let hint):
                terminal.write("  ✗ Code: \(hint)")
            }
        }
    }

    /// A numbered choice among `options`, the persona's preference offered; "start over" starts over.
    private func choose(_ heading: String, among options: [Strategy]) throws -> FlowAnswer {
        terminal.write(heading)
        for (index, option) in options.enumerated() {
            terminal.write("  \(index + 1). \(Self.label(for: option))")
        }
        let preferred = persona.preferredSecondFactor.flatMap { options.firstIndex(of: $0) }.map { String($0 + 1) } ?? "1"
        while true {
            let choice = try ask("Choice (or start over)", default: preferred)
            if let number = Int(choice), options.indices.contains(number - 1) { return .secondFactor(options[number - 1]) }
            if CodeEntry.startOverWords.contains(choice.lowercased()) { return .startOver }
            terminal.write("  ✗ Choice: type a number from 1 to \(options.count)")
        }
    }

    /// Shows `error` next to `field`, as the guides' forms do: Clerk's message, once (a question
    /// asked again after an answer that was not sent carries the same refusal).
    private func show(_ error: ClerkError?, field: String) {
        guard let error else { return }
        let isNew = lastShown.withLockedValue { shown in
            defer { shown[field] = error }
            return shown[field] != error
        }
        guard isNew else { return }
        terminal.write("  ✗ \(field): \(Self.message(of: error))")
        transcript.write(.note, "\(field.lowercased()) refused: \(error.code?.rawValue ?? error.description)")
    }

    private func ask(_ label: String, default value: String?, secret: Bool = false) throws -> String {
        try terminal.ask(label, default: value, secret: secret)
    }

    static func label(for strategy: Strategy) -> String {
        switch strategy {
        case .phoneCode: "a code by text message"
        case .emailCode: "a code by email"
        case .totp: "your authenticator app"
        case .backupCode: "a backup code"
        default: strategy.rawValue
        }
    }
}

import Clerk
import Foundation
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks a person at the terminal, as the guides' forms do: identifier, password (not echoed),
/// the code they received (with "send a new code" and "start over" at every code step), and
/// the error of the last try shown next to the field it concerns.
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
            let label = strategy == .phoneCode || (strategy != .emailCode && persona.signsInWith == .phoneNumber)
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
            let added = try ask("Added it? (y to go on, s to start over)", default: "y")
            return added.lowercased() == "s" ? .startOver : .acknowledged
        case .phoneNumberForSecondFactor(let verified):
            let number = try ask("Phone number for second-factor codes (E.164)", default: verified.first ?? persona.phoneNumber)
            return number.lowercased() == "s" ? .startOver : .phoneNumber(number)
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
                    let agreed = try ask("I agree to the Terms of Service and Privacy Policy (y/n)", default: "y")
                    details.legalAccepted = agreed.lowercased().hasPrefix("y")
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

    private func code(_ prompt: CodePrompt) throws -> FlowAnswer {
        show(prompt.previousError, field: "Code")
        let hint: String
        var fallback: String?
        switch prompt.strategy {
        case .totp:
            hint = "Open your authenticator app and type the 6-digit code it shows."
            if let secret = persona.authenticatorSecret ?? enrolledSecret.withLockedValue({ $0 }),
               let app = Authenticator(base32Secret: secret) {
                fallback = app.code()
            }
        case .backupCode:
            hint = "Type one of your backup codes."
            if !persona.backupCodes.isEmpty {
                terminal.write("  (the seeded account's backup codes: \(persona.backupCodes.joined(separator: " ")))")
            }
        default:
            let channel = prompt.strategy == .phoneCode ? "text message" : "email"
            let destination = prompt.sentTo ?? (prompt.strategy == .phoneCode ? persona.phoneNumber : persona.emailAddress) ?? "you"
            hint = "We sent a code by \(channel) to \(destination)" + (prompt.stage == .clientTrust ? " to confirm this new device." : ".")
            if let destination = prompt.strategy == .phoneCode ? persona.phoneNumber : persona.emailAddress,
               TestConventions.applies(to: destination) {
                terminal.write("  (\(destination) is a test identifier: the code is \(TestConventions.code))")
            }
        }
        terminal.write(hint)
        let options = prompt.strategy == .totp || prompt.strategy == .backupCode ? "s = start over" : "r = send a new code, s = start over"
        let key = "\(prompt.stage.rawValue)/\(prompt.strategy.rawValue)"
        let sentAt = lastSent.withLockedValue { sent in
            if prompt.attempt == 1, prompt.previousError == nil { sent[key] = Date() }
            return sent[key] ?? Date()
        }
        while true {
            let typed = try ask("Code (\(options))", default: fallback)
            switch typed.lowercased() {
            case "r" where prompt.strategy != .totp && prompt.strategy != .backupCode:
                let wait = Int((resendInterval - Date().timeIntervalSince(sentAt)).rounded(.up))
                if wait > 0 {
                    terminal.write("  ✗ Code: a new code can be sent in \(wait) s")
                    continue
                }
                lastSent.withLockedValue { $0[key] = Date() }
                return .resendCode
            case "s": return .startOver
            case "": terminal.write("  ✗ Code: enter the code")
            default: return .code(SecretString(typed))
            }
        }
    }

    /// Shows `error` next to `field`, as the guides' forms do.
    /// A numbered choice among `options`, the persona's preference offered; `s` starts over.
    private func choose(_ heading: String, among options: [Strategy]) throws -> FlowAnswer {
        terminal.write(heading)
        for (index, option) in options.enumerated() {
            terminal.write("  \(index + 1). \(Self.label(for: option))")
        }
        let preferred = persona.preferredSecondFactor.flatMap { options.firstIndex(of: $0) }.map { String($0 + 1) } ?? "1"
        while true {
            let choice = try ask("Choice", default: preferred)
            if let number = Int(choice), options.indices.contains(number - 1) { return .secondFactor(options[number - 1]) }
            if choice.lowercased() == "s" { return .startOver }
            terminal.write("  ✗ Choice: type a number from 1 to \(options.count)")
        }
    }

    private func show(_ error: ClerkError?, field: String) {
        guard let error else { return }
        let message = error.apiErrors.first.map { $0.longMessage.isEmpty ? $0.message : $0.longMessage } ?? error.description
        terminal.write("  ✗ \(field): \(message)")
        transcript.write(.note, "\(field.lowercased()) refused: \(error.code?.rawValue ?? error.description)")
    }

    private func ask(_ label: String, default value: String?, secret: Bool = false) throws -> String {
        let shown = value.map { secret ? " [Enter: the example's]" : " [\($0)]" } ?? ""
        guard let line = terminal.read("\(label)\(shown): ", secret) else {
            throw ExampleFailure("the terminal's input ended")
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? (value ?? "") : trimmed
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

    /// The field an error concerns, for messages shown outside a prompt (a refused identifier).
    public static func field(of error: ClerkError) -> String {
        if let param = error.apiErrors.first?.meta?.paramName {
            switch param {
            case "identifier", "email_address", "phone_number": return "Identifier"
            case "password": return "Password"
            case "code": return "Code"
            default: return param
            }
        }
        if case .invalidInput(let input) = error {
            return input.field == "identifier" || input.field == "phone_number" ? "Identifier" : input.field
        }
        let code = error.code?.rawValue ?? ""
        if code.contains("password") { return "Password" }
        if code.contains("identifier") { return "Identifier" }
        if code.contains("code") || code.hasPrefix("verification") { return "Code" }
        return "Form"
    }
}

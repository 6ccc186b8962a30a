import Clerk
import ClerkBackupCode
import ClerkPhoneCode
import ClerkTOTP
import Foundation

// Flow 14 — managing second factors on the account (`/v1/me`). Signed in, Shafi enrols an
// authenticator app (its code, from the otpauth:// URI's secret, turns it on and brings backup
// codes), generates a new set of backup codes, and adds her phone number as SMS second factor
// (verified by a texted code first). Then she signs out and back in with each second factor.
extension ExampleFlow {
    static let shafi = Persona(
        name: "Shafi", emailAddress: "shafi.goldwasser@example.com", phoneNumber: "+14155556185", password: "zero-knowledge-1985",
        account: .init(phoneNumberOnAccount: false))

    public static let manageMFA = ExampleFlow(
        number: 14, name: "manage-mfa", title: "Manage MFA: authenticator app, backup codes, SMS; sign in with each",
        guide: .manageMFA, preset: .mfa, people: [shafi],
        needs: [.firstFactor(.password), .secondFactor(.totp), .secondFactor(.backupCode), .secondFactor(.phoneCode)]
    ) { app in
        // One person throughout: the same authenticator app and written-down backup codes.
        let answers = app.answers(for: shafi)
        let device = app.newDevice()
        let registry = try multiFactorRegistry()

        app.phase("Shafi signs in with her password (a new device: confirmed with an email code)")
        app.signedIn(try await FlowDriver(client: device, registry: registry, answers: answers, onEvent: app.events).signIn())
        let account = try await device.account()

        app.phase("Shafi adds an authenticator app: it scans the otpauth:// URI, and its code turns it on")
        let enrollment = try await account.enrollTOTP()
        let uriSecret = URLComponents(string: enrollment.uri.revealed)?.queryItems?.first { $0.name == "secret" }?.value
        try app.check(uriSecret == enrollment.secret.revealed, "the otpauth:// URI carries the secret")
        try await acknowledge(.authenticatorAppSetup(enrollment), answers)
        let totp = try await enterCode(CodePrompt(stage: .secondFactorSetup, strategy: .totp), answers) { code in
            try await account.verifyTOTP(code)
        }
        try app.check(totp.verified, "the authenticator app is on")
        if let codes = totp.backupCodeList { try await acknowledge(.backupCodes(codes), answers) }

        app.phase("Shafi generates a new set of backup codes; the first set stops working")
        let backupCodes = try await account.generateBackupCodes()
        try app.check(backupCodes.codes.count == 10, "a new set of ten backup codes")
        try await acknowledge(.backupCodes(backupCodes), answers)

        app.phase("Shafi adds her phone number, verifies it with the texted code, and uses it for second-factor codes")
        // As this run knows her: against a separate instance her number is new to it.
        let number = app.person(shafi).phoneNumber ?? ""
        let phone = try await account.addPhoneNumber(number)
        try await account.sendPhoneCode(to: phone.id)
        _ = try await enterCode(CodePrompt(stage: .secondFactorSetup, strategy: .phoneCode, sentTo: number), answers) { code in
            try await account.verifyPhoneNumber(phone.id, code: code)
        }
        let reserved = try await account.reservePhoneNumberForSecondFactor(phone.id)
        try app.check(reserved.reservedForSecondFactor == true, "the phone number is a second factor")

        for strategy in [Strategy.phoneCode, .backupCode, .totp] {
            try await device.signOut()
            app.phase("Shafi signs out, and signs in again with her password and \(strategy.rawValue)")
            let preferring = PreferredSecondFactor(strategy: strategy, base: answers)
            app.signedIn(try await FlowDriver(client: device, registry: registry, answers: preferring, onEvent: app.events).signIn())
            try app.check(
                app.transcript.allEvents.contains(.factorChosen(strategy: strategy, stage: .secondFactor)),
                "the second factor was \(strategy.rawValue)")
        }
    }

    /// Asks the person to look at something the flow shows (a URI, backup codes).
    static func acknowledge(_ question: FlowQuestion, _ answers: any FlowAnswerProvider) async throws {
        let answer = try await answers.answer(question)
        guard answer == .acknowledged else { throw ExampleFailure("expected an acknowledgement, got \(answer)") }
    }

    /// Asks for a code and submits it; a refused one is asked again, up to three times.
    static func enterCode<Result: Sendable>(
        _ prompt: CodePrompt, _ answers: any FlowAnswerProvider,
        submit: (SecretString) async throws -> Result
    ) async throws -> Result {
        var prompt = prompt
        while true {
            guard case .code(let code) = try await answers.answer(.code(prompt)) else {
                throw ExampleFailure("expected a \(prompt.strategy.rawValue) code")
            }
            do {
                return try await submit(code)
            } catch let error as ClerkError where error.hasCode(.formCodeIncorrect) && prompt.attempt < 3 {
                prompt.attempt += 1
                prompt.previousError = error
            }
        }
    }
}

/// The person's answers, choosing `strategy` when the sign-in offers several second factors.
struct PreferredSecondFactor: FlowAnswerProvider {
    let strategy: Strategy
    let base: any FlowAnswerProvider

    func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        if case .chooseSecondFactor(let options) = question, options.contains(strategy) { return .secondFactor(strategy) }
        return try await base.answer(question)
    }
}

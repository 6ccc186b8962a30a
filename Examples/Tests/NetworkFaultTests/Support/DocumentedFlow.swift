import Clerk
import ClerkBackupCode
import ClerkClientTrust
import ClerkEmailCode
import ClerkLocalServer
import ClerkPassword
import ClerkTOTP
import ClerkTransfer
import Foundation
import Testing

/// The steps of the documented flows that send requests which may not repeat, each run through the
/// SDK's flow driver as an app would run it.
enum DocumentedFlow: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case passwordWithClientTrust, emailCode, signUpWithVerification, signUpIfMissingTransfer, totpSecondFactor, backupCode, passwordReset

    var testDescription: String { rawValue }

    var preset: SettingsPreset {
        switch self {
        case .passwordWithClientTrust: .emailPassword
        case .emailCode: .emailCode
        case .signUpWithVerification: .emailCode
        case .signUpIfMissingTransfer: .signInOrUp
        case .totpSecondFactor, .backupCode: .mfa
        case .passwordReset: .emailPassword
        }
    }

    /// Seeds what the flow needs on `server`, then runs it on `device` to a session.
    func run(on device: ClerkClient, server: RunningServer, onEvent: @escaping @Sendable (FlowEvent) -> Void = { _ in }) async throws -> ActiveSession {
        let email = "user_\(UUID().uuidString.prefix(8).lowercased())+clerk_test@example.com"
        let password = "a-long-Secret-\(Int.random(in: 1000...9999))"
        switch self {
        case .passwordWithClientTrust:
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: password))
            var registry = try FactorRegistry([PasswordStrategy()])
            try registry.registerClientTrust()
            let driver = FlowDriver(client: device, registry: registry, answers: KnownAnswers(identifier: email, password: password), onEvent: onEvent)
            return try await driver.signIn()
        case .emailCode:
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            let driver = FlowDriver(
                client: device, registry: try FactorRegistry([EmailCodeStrategy()]), answers: KnownAnswers(identifier: email), onEvent: onEvent)
            return try await driver.signIn()
        case .signUpWithVerification:
            let driver = FlowDriver(
                client: device, registry: try FactorRegistry([EmailCodeStrategy()]), answers: KnownAnswers(identifier: email), onEvent: onEvent)
            return try await driver.signUp(SignUpDetails(emailAddress: email))
        case .signUpIfMissingTransfer:
            let driver = FlowDriver(
                client: device, registry: try FactorRegistry([SignUpIfMissingStrategy(.emailCode)]), answers: KnownAnswers(identifier: email),
                onEvent: onEvent)
            return try await driver.signIn()
        case .totpSecondFactor:
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: password, generateTOTPSecret: true))
            let answers = KnownAnswers(identifier: email, password: password, totpSecret: user.totpSecret, secondFactor: .totp)
            let driver = FlowDriver(
                client: device, registry: try FactorRegistry([PasswordStrategy(), TOTPStrategy(), BackupCodeStrategy()]), answers: answers,
                onEvent: onEvent)
            return try await driver.signIn()
        case .backupCode:
            let user = try await server.seedUser(
                SeedUser(emailAddress: email, password: password, generateTOTPSecret: true, generateBackupCodes: true))
            let answers = KnownAnswers(identifier: email, password: password, backupCodes: user.backupCodes ?? [], secondFactor: .backupCode)
            let driver = FlowDriver(
                client: device, registry: try FactorRegistry([PasswordStrategy(), TOTPStrategy(), BackupCodeStrategy()]), answers: answers,
                onEvent: onEvent)
            return try await driver.signIn()
        case .passwordReset:
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: password))
            var registry = try FactorRegistry([PasswordStrategy()])
            try registry.registerPasswordReset()
            try registry.registerClientTrust()
            let answers = KnownAnswers(identifier: email, password: "a-new-Secret-\(Int.random(in: 1000...9999))")
            let driver = FlowDriver(client: device, registry: registry, answers: answers, onEvent: onEvent)
            return try await driver.resetPassword(identifier: email)
        }
    }
}

import Clerk
import ClerkLocalServer
import DocumentationExamples
import Foundation
import Testing

@Suite("Multi-factor authentication flows")
struct MultiFactorFlowTests {
    @Test("the second factor is the code texted to the account's phone, and no other code is asked")
    func smsSecondFactor() async throws {
        try await withLocalServer(.mfa) { server in
            let user = try await server.seedUser(
                SeedUser(
                    emailAddress: "mary.jackson@example.com", phoneNumber: "+14155556084", password: seededPassword,
                    phoneSecondFactor: true))
            let codes = Tally()
            let session = try await signInWithSMSSecondFactor(
                clerk: try server.newDevice(), emailAddress: "mary.jackson@example.com", readPassword: { seededPassword },
                readCode: server.codeReader(for: "+14155556084", asked: codes))
            #expect(session.status == .active)
            #expect(session.userID == user.id)
            #expect(await codes.count == 1)
            #expect(server.outbox(to: "+14155556084").map(\.channel) == [.sms])
            #expect(server.outbox(to: "mary.jackson@example.com").isEmpty)
        }
    }

    @Test("the second factor is the authenticator app's code, with a flow driver and step by step")
    func authenticatorApp() async throws {
        try await withLocalServer(.mfa) { server in
            let user = try await server.seedUser(
                SeedUser(
                    emailAddress: "joan.clarke@example.com", password: seededPassword, generateTOTPSecret: true))
            let secret = try #require(user.totpSecret)
            let authenticator = try #require(TOTP(base32Secret: secret))
            // A code is accepted once: the second sign-in types the next step's code, as an app shows it 30 s later.
            let now = Date()
            let driven = try await signInWithAuthenticatorApp(
                clerk: try server.newDevice(), emailAddress: "joan.clarke@example.com", readPassword: { seededPassword },
                readAuthenticatorCode: { authenticator.code(at: now) })
            let stepped = try await signInWithAuthenticatorAppStepByStep(
                clerk: try server.newDevice(), identifier: "joan.clarke@example.com", password: seededPassword,
                readAuthenticatorCode: { authenticator.code(at: now.addingTimeInterval(30)) })
            for session in [driven, stepped] {
                #expect(session.status == .active)
                #expect(session.userID == user.id)
            }
            #expect(server.outbox().isEmpty)  // nothing is sent for an authenticator app
        }
    }

    @Test("a backup code works once: typed again it is refused, and the next one works")
    func backupCode() async throws {
        try await withLocalServer(.mfa) { server in
            let user = try await server.seedUser(
                SeedUser(
                    emailAddress: "dorothy.vaughan@example.com", password: seededPassword, generateTOTPSecret: true,
                    generateBackupCodes: true))
            let backupCodes = try #require(user.backupCodes)
            let typed = TypedAnswers([backupCodes[0], backupCodes[0], backupCodes[1]])
            let clerk = try server.newDevice()

            let first = try await signInWithBackupCode(
                clerk: clerk, emailAddress: "dorothy.vaughan@example.com", readPassword: { seededPassword },
                readBackupCode: { await typed.next(refusal: $0) })
            try await clerk.signOut()
            let second = try await signInWithBackupCode(
                clerk: clerk, emailAddress: "dorothy.vaughan@example.com", readPassword: { seededPassword },
                readBackupCode: { await typed.next(refusal: $0) })

            #expect(first.userID == user.id)
            #expect(second.userID == user.id)
            #expect(second.status == .active)
            let refusals = await typed.refusals
            #expect(refusals.count == 3)
            #expect(refusals[0] == nil)
            #expect(refusals[1] == nil)
            #expect(refusals[2]?.hasCode(.formCodeIncorrect) == true)
        }
    }

    @Test("a backup code step by step")
    func backupCodeStepByStep() async throws {
        try await withLocalServer(.mfa) { server in
            let user = try await server.seedUser(
                SeedUser(
                    emailAddress: "dorothy.vaughan@example.com", password: seededPassword, generateTOTPSecret: true,
                    generateBackupCodes: true))
            let backupCodes = try #require(user.backupCodes)
            let session = try await signInWithBackupCodeStepByStep(
                clerk: try server.newDevice(), identifier: "dorothy.vaughan@example.com", password: seededPassword,
                readBackupCode: { backupCodes[3] })
            #expect(session.status == .active)
            #expect(session.userID == user.id)
        }
    }
}

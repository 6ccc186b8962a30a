import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Multi-factor authentication (guide: MFA)")
struct MFAFlowTests {
    @Test("Authenticator app: MFA takes precedence over Client Trust, and a used code cannot be replayed")
    func totpAndReplay() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.mfa.settings, now: { clock.now() }) { server in
            let email = Fixture.email()
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password, generateTOTPSecret: true))
            let secret = try #require(seeded.totpSecret)
            #expect(seeded.totpURI?.hasPrefix("otpauth://totp/") == true)
            let totp = try #require(LocalTOTP(base32Secret: secret))
            let device = server.client()

            let pending = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            #expect(pending.status == .needsSecondFactor, "a new client with MFA gets MFA, not Client Trust")
            #expect(pending.supportedSecondFactors?.map(\.strategy) == [.totp])
            let code = totp.code(at: clock.now())
            let done = try await device.signInAction(pending.id, "attempt_second_factor", [("strategy", "totp"), ("code", code)])
            let signedIn = try done.signIn
            #expect(signedIn.status == .complete)
            let session = try #require(try done.client?.sessions.first)
            #expect(session.factorVerificationAge == [0, 0])

            try await device.send("POST", "/v1/client/sessions/\(session.id)/end")
            let second = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let replay = try await device.signInAction(second.id, "attempt_second_factor", [("strategy", "totp"), ("code", code)])
            expectError(replay, status: 422, code: "form_code_incorrect", param: "code")

            clock.advance(by: .seconds(30))
            let fresh = try await device.signInAction(second.id, "attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
            #expect(try fresh.signIn.status == .complete)
        }
    }

    @Test("Backup codes work once each")
    func backupCodes() async throws {
        var settings = SettingsPreset.mfa.settings
        settings.clientTrust = false
        try await withServer(settings) { server in
            let email = Fixture.email()
            let seeded = try await server.seedUser(
                SeedUser(
                    emailAddress: email, password: Fixture.password, generateTOTPSecret: true, generateBackupCodes: true))
            let codes = try #require(seeded.backupCodes)
            #expect(codes.count == 10)
            let device = server.client()

            let first = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            #expect(first.supportedSecondFactors?.map(\.strategy) == [.totp, .backupCode])
            let done = try await device.signInAction(first.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", codes[0])])
            let session = try #require(try done.signIn.createdSessionID)
            try await device.send("POST", "/v1/client/sessions/\(session)/remove")

            let second = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let reused = try await device.signInAction(second.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", codes[0])])
            expectError(reused, status: 422, code: "form_code_incorrect")
            let other = try await device.signInAction(second.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", codes[1])])
            #expect(try other.signIn.status == .complete)
        }
    }

    @Test("SMS code as the second factor")
    func phoneSecondFactor() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(
                SeedUser(
                    emailAddress: email, phoneNumber: "+12015550155", password: Fixture.password, phoneSecondFactor: true))
            let device = server.client()
            let pending = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let factor = try #require(pending.supportedSecondFactors?.first)
            #expect(factor.strategy == .phoneCode)
            #expect(factor.safeIdentifier?.contains("*") == true)
            let unprepared = try await device.signInAction(pending.id, "attempt_second_factor", [("strategy", "phone_code"), ("code", "424242")])
            expectError(unprepared, status: 400, code: "verification_missing")
            try await device.signInAction(pending.id, "prepare_second_factor", [("strategy", "phone_code")])
            let done = try await device.signInAction(pending.id, "attempt_second_factor", [("strategy", "phone_code"), ("code", "424242")])
            #expect(try done.signIn.status == .complete)
        }
    }
}

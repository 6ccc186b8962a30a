import ClerkAPI
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Email and password, Client Trust (guides: email/password, client trust)")
struct PasswordFlowTests {
    @Test("Sign up with email and password, verify the email code, then sign in on a new device through Client Trust")
    func signUpThenClientTrust() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let email = Fixture.email("jane")
            let device = server.client()
            let signUp = try await signUpWithPassword(server, device, email: email)
            #expect(signUp.status == .complete)
            let sessionID = try #require(signUp.createdSessionID)
            let current = try await device.send("GET", "/v1/client", operation: "getClient").client
            let client = try #require(current)
            #expect(client.lastActiveSessionID == sessionID)
            #expect(client.sessions.first?.user?.emailAddresses.first?.emailAddress == email)
            #expect(client.sessions.first?.user?.passwordEnabled == true)

            // A second device: the password is right, but the client is new to the user.
            let laptop = server.client()
            let first = try await laptop.signIn([("identifier", email), ("password", Fixture.password)])
            let pending = try first.signIn
            #expect(pending.status == .needsClientTrust)
            #expect(pending.clientTrustState == .new)
            let factor = try #require(pending.supportedSecondFactors?.first)
            #expect(factor.strategy == .emailCode)
            #expect(factor.emailAddressID != nil)
            try await laptop.signInAction(pending.id, "prepare_second_factor", [("strategy", "email_code")])
            let code = try #require(server.latestCode(to: email))
            let done = try await laptop.signInAction(pending.id, "attempt_second_factor", [("strategy", "email_code"), ("code", code)])
            let signedIn = try done.signIn
            #expect(signedIn.status == .complete)
            #expect(try done.client?.lastActiveSessionID == signedIn.createdSessionID)

            // Sign out and back in on the same device: now trusted, one request.
            let ended = try await laptop.send("POST", "/v1/client/sessions/\(try #require(signedIn.createdSessionID))/end", operation: "endSession")
            #expect(ended.status == 200)
            let again = try await laptop.signIn([("identifier", email), ("password", Fixture.password)])
            #expect(try again.signIn.status == .complete)
            #expect(try again.signIn.clientTrustState == .known)
        }
    }

    @Test("A wrong password or an unknown identifier is refused and creates nothing")
    func refusals() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let wrong = try await device.signIn([("identifier", email), ("password", "not-the-password-9")])
            expectError(wrong, status: 422, code: "form_password_incorrect", param: "password")
            let unknown = try await device.signIn([("identifier", Fixture.email("nobody")), ("password", Fixture.password)])
            expectError(unknown, status: 422, code: "form_identifier_not_found", param: "identifier")
            #expect(device.token == nil)
            let state = try await device.send("GET", "/v1/client")
            #expect(state.json["response"] is NSNull)
        }
    }

    @Test("Client Trust falls back to an SMS code when email is off")
    func clientTrustPhone() async throws {
        try await withServer(SettingsPreset.clientTrustPhone.settings) { server in
            let phone = "+12015550142"
            _ = try await server.seedUser(SeedUser(phoneNumber: phone, password: Fixture.password))
            let device = server.client()
            let pending = try await device.signIn([("identifier", phone), ("password", Fixture.password)]).signIn
            #expect(pending.status == .needsClientTrust)
            #expect(pending.supportedSecondFactors?.map(\.strategy) == [.phoneCode])
            try await device.signInAction(pending.id, "prepare_second_factor", [("strategy", "phone_code")])
            #expect(server.outbox(to: phone).isEmpty, "555-01NN numbers receive nothing")
            let done = try await device.signInAction(pending.id, "attempt_second_factor", [("strategy", "phone_code"), ("code", "424242")])
            #expect(try done.signIn.status == .complete)
        }
    }

    @Test("Forgotten password: reset code, new password, signed in")
    func resetPassword() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        try await withServer(settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let started = try await device.signIn([("identifier", email)]).signIn
            #expect(started.status == .needsFirstFactor)
            #expect(started.supportedFirstFactors?.contains { $0.strategy == .resetPasswordEmailCode } == true)
            try await device.signInAction(started.id, "prepare_first_factor", [("strategy", "reset_password_email_code")])
            let code = try #require(server.latestCode(to: email))
            let verified = try await device.signInAction(started.id, "attempt_first_factor", [("strategy", "reset_password_email_code"), ("code", code)])
            #expect(try verified.signIn.status == .needsNewPassword)
            let weak = try await device.signInAction(started.id, "reset_password", [("password", "password123")])
            expectError(weak, status: 422, code: "form_password_pwned", param: "password")
            let reset = try await device.signInAction(
                started.id, "reset_password", [("password", "a-brand-new-passphrase"), ("sign_out_of_other_sessions", "1")])
            #expect(try reset.signIn.status == .complete)
        }
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Email or phone code (guide: email or phone code)")
struct CodeFlowTests {
    @Test("Email code: sign up, then sign in with the code prepared by the create request")
    func emailCode() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let email = Fixture.email()
            let device = server.client()
            let created = try await device.signUp([("email_address", email)]).signUp
            #expect(created.status == .missingRequirements)
            #expect(created.unverifiedFields == [.emailAddress])
            #expect(created.verifications.emailAddress?.nextAction == .needsPrepare)
            let prepared = try await device.signUpAction(created.id, "prepare_verification", [("strategy", "email_code")]).signUp
            #expect(prepared.verifications.emailAddress?.nextAction == .needsAttempt)
            let code = try #require(server.latestCode(to: email))
            let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "email_code"), ("code", code)]).signUp
            #expect(done.status == .complete)
            try await device.send("DELETE", "/v1/client", operation: "deleteClientSessions")

            let started = try await device.signIn([("identifier", email), ("strategy", "email_code")]).signIn
            #expect(started.status == .needsFirstFactor)
            #expect(started.firstFactorVerification?.status == .unverified)
            #expect(started.firstFactorVerification?.expireAt != nil)
            let signInCode = try #require(server.outbox(to: email).last { $0.purpose.hasPrefix("sign_in") }?.code)
            let signedIn = try await device.signInAction(started.id, "attempt_first_factor", [("strategy", "email_code"), ("code", signInCode)])
            #expect(try signedIn.signIn.status == .complete)
            #expect(try signedIn.client?.lastAuthenticationStrategy == .emailCode)
        }
    }

    @Test("Phone code with a 555-01NN test number: nothing is sent and 424242 works")
    func phoneCode() async throws {
        try await withServer(SettingsPreset.phoneCode.settings) { server in
            let phone = "+12015550177"
            let device = server.client()
            let created = try await device.signUp([("phone_number", phone)]).signUp
            try await device.signUpAction(created.id, "prepare_verification", [("strategy", "phone_code")])
            let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "phone_code"), ("code", "424242")]).signUp
            #expect(done.status == .complete)
            try await device.send("DELETE", "/v1/client")

            let started = try await device.signIn([("identifier", phone)]).signIn
            let factor = try #require(started.supportedFirstFactors?.first { $0.strategy == .phoneCode })
            try await device.signInAction(
                started.id, "prepare_first_factor", [("strategy", "phone_code"), ("phone_number_id", try #require(factor.phoneNumberID))])
            let signedIn = try await device.signInAction(started.id, "attempt_first_factor", [("strategy", "phone_code"), ("code", "424242")])
            #expect(try signedIn.signIn.status == .complete)
            #expect(server.outbox(to: phone).isEmpty)
        }
    }

    @Test("A real phone number gets an SMS in the outbox, and the test code does not work for it")
    func realPhoneGetsSMS() async throws {
        try await withServer(SettingsPreset.phoneCode.settings) { server in
            let phone = "+14155551234"
            let device = server.client()
            let created = try await device.signUp([("phone_number", phone)]).signUp
            try await device.signUpAction(created.id, "prepare_verification", [("strategy", "phone_code")])
            let message = try #require(server.outbox(to: phone).last)
            let code = try #require(message.code)
            #expect(message.channel == .sms)
            if code != "424242" {
                let wrong = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "phone_code"), ("code", "424242")])
                expectError(wrong, status: 422, code: "form_code_incorrect", param: "code")
            }
            let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "phone_code"), ("code", code)]).signUp
            #expect(done.status == .complete)
        }
    }
}

import Clerk
import ClerkLocalServer
import DocumentationExamples
import Testing

@Suite("Email and SMS code flows")
struct CodeFlowTests {
    @Test("email code sign-in, with a flow driver and step by step")
    func emailCodeSignIn() async throws {
        try await withLocalServer(.emailCode) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "hedy.lamarr@example.com"))
            let asked = Tally()
            let read = server.codeReader(for: "hedy.lamarr@example.com", asked: asked)

            let driven = try await signInWithEmailCode(clerk: try server.newDevice(), emailAddress: "hedy.lamarr@example.com", readCode: read)
            let stepped = try await signInWithEmailCodeStepByStep(
                clerk: try server.newDevice(), emailAddress: "hedy.lamarr@example.com", readCode: read)

            for session in [driven, stepped] {
                #expect(session.status == .active)
                #expect(session.userID == user.id)
            }
            #expect(await asked.count == 2)
            #expect(server.outbox(to: "hedy.lamarr@example.com").map(\.channel) == [.email, .email])
        }
    }

    @Test("email code sign-up creates the account with the emailed code")
    func emailCodeSignUp() async throws {
        try await withLocalServer(.emailCode) { server in
            let asked = Tally()
            let session = try await signUpWithEmailCode(
                clerk: try server.newDevice(), emailAddress: "margaret.hamilton@example.com",
                readCode: server.codeReader(for: "margaret.hamilton@example.com", asked: asked))
            #expect(session.status == .active)
            #expect(session.userID != nil)
            #expect(await asked.count == 1)
            #expect(server.outbox(to: "margaret.hamilton@example.com").count == 1)
        }
    }

    @Test("SMS code sign-in, with a flow driver and step by step")
    func smsCodeSignIn() async throws {
        try await withLocalServer(.phoneCode) { server in
            let user = try await server.seedUser(SeedUser(phoneNumber: "+14155553842"))
            let asked = Tally()
            let read = server.codeReader(for: "+14155553842", asked: asked)

            let driven = try await signInWithSMSCode(clerk: try server.newDevice(), phoneNumber: "+14155553842", readCode: read)
            let stepped = try await signInWithSMSCodeStepByStep(clerk: try server.newDevice(), phoneNumber: "+14155553842", readCode: read)

            for session in [driven, stepped] {
                #expect(session.status == .active)
                #expect(session.userID == user.id)
            }
            #expect(await asked.count == 2)
            #expect(server.outbox(to: "+14155553842").map(\.channel) == [.sms, .sms])
            // Not E.164: refused before any request.
            await #expect(throws: ClerkError.self) {
                try await signInWithSMSCode(clerk: try server.newDevice(), phoneNumber: "(415) 555-3842", readCode: read)
            }
            #expect(await asked.count == 2)
        }
    }

    @Test("SMS code sign-up creates the account with the texted code")
    func smsCodeSignUp() async throws {
        try await withLocalServer(.phoneCode) { server in
            let asked = Tally()
            let session = try await signUpWithSMSCode(
                clerk: try server.newDevice(), phoneNumber: "+14155552671",
                readCode: server.codeReader(for: "+14155552671", asked: asked))
            #expect(session.status == .active)
            #expect(await asked.count == 1)
            #expect(server.outbox(to: "+14155552671").map(\.channel) == [.sms])
        }
    }
}

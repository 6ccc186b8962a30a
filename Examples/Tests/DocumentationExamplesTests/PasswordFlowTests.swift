import Clerk
import ClerkLocalServer
import DocumentationExamples
import Testing

@Suite("Email and password flows, Client Trust")
struct PasswordFlowTests {
    @Test("email and password sign-in asks a refused password again and confirms the new device")
    func emailPasswordSignIn() async throws {
        try await withLocalServer(.emailPassword) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "barbara.liskov@example.com", password: seededPassword))
            let passwords = TypedAnswers(["not-the-password-at-all", seededPassword])
            let codes = Tally()
            let session = try await signInWithEmailAndPassword(
                clerk: try server.newDevice(), emailAddress: "barbara.liskov@example.com",
                readPassword: { await passwords.next() },
                readCode: server.codeReader(for: "barbara.liskov@example.com", asked: codes))
            #expect(session.status == .active)
            #expect(session.userID == user.id)
            #expect(await passwords.refusals.count == 2)
            #expect(await codes.count == 1)
        }
    }

    @Test("email and password sign-up verifies the address with the emailed code")
    func emailPasswordSignUp() async throws {
        try await withLocalServer(.emailPassword) { server in
            let asked = Tally()
            let session = try await signUpWithEmailAndPassword(
                clerk: try server.newDevice(), emailAddress: "alan.turing@example.com", password: "enigma-bombe-1939",
                readCode: server.codeReader(for: "alan.turing@example.com", asked: asked))
            #expect(session.status == .active)
            #expect(await asked.count == 1)
            // The new account signs in with that password (on this new device, after a device code).
            let again = try await signInWithEmailAndPassword(
                clerk: try server.newDevice(), emailAddress: "alan.turing@example.com",
                readPassword: { "enigma-bombe-1939" }, readCode: server.codeReader(for: "alan.turing@example.com", asked: asked))
            #expect(again.userID == session.userID)
        }
    }

    @Test("Client Trust by email: a code on a new device, none once it is trusted")
    func clientTrustEmail() async throws {
        try await withLocalServer(.clientTrust) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "annie.easley@example.com", password: seededPassword))
            let codes = Tally()
            let form = SignInForm(
                emailAddress: "annie.easley@example.com", password: seededPassword, acceptsTerms: false,
                readCode: server.codeReader(for: "annie.easley@example.com", asked: codes))
            let clerk = try server.newDevice()

            let session = try await signInWithClientTrust(clerk: clerk, form: form)  // asks for a code on a new device
            try await clerk.signOut()
            let again = try await signInWithClientTrust(clerk: clerk, form: form)  // trusted device: no code

            #expect(session.userID == user.id)
            #expect(again.userID == user.id)
            #expect(again.status == .active)
            #expect(again.id != session.id)
            #expect(await codes.count == 1)
        }
    }

    @Test("Client Trust by SMS when the instance offers no email option")
    func clientTrustPhone() async throws {
        try await withLocalServer(.clientTrustPhone) { server in
            let user = try await server.seedUser(SeedUser(phoneNumber: "+14155554913", password: seededPassword))
            let codes = Tally()
            let session = try await signInWithPhoneAndPassword(
                clerk: try server.newDevice(), phoneNumber: "+14155554913", readPassword: { seededPassword },
                readCode: server.codeReader(for: "+14155554913", asked: codes))
            #expect(session.status == .active)
            #expect(session.userID == user.id)
            #expect(await codes.count == 1)
            #expect(server.outbox(to: "+14155554913").map(\.channel) == [.sms])
        }
    }
}

import Clerk
import ClerkLocalServer
import DocumentationExamples
import Testing

@Suite("Sign-in-or-up")
struct SignInOrUpTests {
    @Test("standard: an unknown address signs up, then signs in on another device with a device code")
    func standard() async throws {
        try await withLocalServer(.signInOrUp) { server in
            let codes = Tally()
            let form = SignInForm(
                emailAddress: "ada.lovelace@example.com", password: "analytical-engine-1843", acceptsTerms: true,
                readCode: server.codeReader(for: "ada.lovelace@example.com", asked: codes))

            let signedUp = try await signInOrUp(clerk: try server.newDevice(), form: form)
            let signedIn = try await signInOrUp(clerk: try server.newDevice(), form: form)

            #expect(signedUp.status == .active)
            #expect(signedIn.status == .active)
            #expect(signedIn.userID == signedUp.userID)
            #expect(await codes.count == 2)  // the address verified at sign-up, then the new device
            #expect(server.outbox(to: "ada.lovelace@example.com").map(\.purpose).count == 2)
        }
    }

    @Test("standard: without accepting the terms the sign-up does not complete")
    func standardWithoutTerms() async throws {
        try await withLocalServer(.signInOrUp) { server in
            let form = SignInForm(
                emailAddress: "ada.lovelace@example.com", password: "analytical-engine-1843", acceptsTerms: false,
                readCode: server.codeReader(for: "ada.lovelace@example.com", asked: Tally()))
            await #expect(throws: ClerkError.cancelled) {
                try await signInOrUp(clerk: try server.newDevice(), form: form)
            }
        }
    }

    @Test("signUpIfMissing: the same code flow signs an unknown address up and a known one in")
    func ifMissing() async throws {
        try await withLocalServer(.signInOrUp) { server in
            let member = try await server.seedUser(SeedUser(emailAddress: "katherine.johnson@example.com"))
            let codes = Tally()
            func form(_ address: String) -> SignInForm {
                SignInForm(emailAddress: address, acceptsTerms: true, readCode: server.codeReader(for: address, asked: codes))
            }

            let newcomer = try await signInOrUpWithEmailCode(clerk: try server.newDevice(), form: form("grace.hopper@example.com"))
            let known = try await signInOrUpWithEmailCode(clerk: try server.newDevice(), form: form("katherine.johnson@example.com"))

            #expect(newcomer.status == .active)
            #expect(newcomer.userID != nil)
            #expect(newcomer.userID != member.id)
            #expect(known.status == .active)
            #expect(known.userID == member.id)
            #expect(await codes.count == 2)
        }
    }

    @Test("signUpIfMissing step by step: an unknown address signs up, a known one signs in")
    func ifMissingStepByStep() async throws {
        try await withLocalServer(.signInOrUp) { server in
            let member = try await server.seedUser(SeedUser(emailAddress: "katherine.johnson@example.com"))
            let codes = Tally()

            let newcomer = try await signInOrUpWithEmailCodeStepByStep(
                clerk: try server.newDevice(), emailAddress: "grace.hopper@example.com",
                details: SignUpDetails(legalAccepted: true), readCode: server.codeReader(for: "grace.hopper@example.com", asked: codes))
            let known = try await signInOrUpWithEmailCodeStepByStep(
                clerk: try server.newDevice(), emailAddress: "katherine.johnson@example.com",
                details: SignUpDetails(legalAccepted: true), readCode: server.codeReader(for: "katherine.johnson@example.com", asked: codes))

            #expect(newcomer.status == .active)
            #expect(newcomer.userID != member.id)
            #expect(known.userID == member.id)
            #expect(await codes.count == 2)
        }
    }
}

import Clerk
import ClerkLocalServer
import DocumentationExamples
import Testing

@Suite("Step by step, without a flow driver")
struct StepByStepTests {
    @Test("a password alone completes where no device code is needed, and is not complete where one is")
    func password() async throws {
        try await withLocalServer(.emailPassword, adjust: { $0.clientTrust = false }) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "barbara.liskov@example.com", password: seededPassword))
            let session = try await signInWithPasswordStepByStep(
                clerk: try server.newDevice(), identifier: "barbara.liskov@example.com", password: seededPassword)
            #expect(session.status == .active)
            #expect(session.userID == user.id)
        }
        try await withLocalServer(.emailPassword) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: "barbara.liskov@example.com", password: seededPassword))
            await #expect(throws: ClerkError.flow(.notComplete(status: "needs_client_trust"))) {
                try await signInWithPasswordStepByStep(
                    clerk: try server.newDevice(), identifier: "barbara.liskov@example.com", password: seededPassword)
            }
        }
    }

    @Test("a password, then the device code on a new device only")
    func clientTrust() async throws {
        try await withLocalServer(.clientTrust) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "annie.easley@example.com", password: seededPassword))
            let codes = Tally()
            let clerk = try server.newDevice()
            let read = server.codeReader(for: "annie.easley@example.com", asked: codes)

            let first = try await signInConfirmingDeviceStepByStep(
                clerk: clerk, identifier: "annie.easley@example.com", password: seededPassword, readCode: read)
            try await clerk.signOut()
            let again = try await signInConfirmingDeviceStepByStep(
                clerk: clerk, identifier: "annie.easley@example.com", password: seededPassword, readCode: read)

            #expect(first.userID == user.id)
            #expect(again.status == .active)
            #expect(await codes.count == 1)
            #expect(server.outbox(to: "annie.easley@example.com").count == 1)
        }
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// With several sessions per client allowed, a user signed in on a client cannot sign in on it
/// again: Clerk answers `identifier_already_signed_in` with the live session's id.
@Suite("Security: one live session per user and client")
struct AlreadySignedInTests {
    static var settings: InstanceSettings {
        var settings = DashboardTests.oneStep
        settings.singleSessionMode = false
        return settings
    }

    @Test("A second sign-in of the same user on one client is refused, by password or code, in any case")
    func secondSignIn() async throws {
        try await withServer(Self.settings) { server in
            let email = Fixture.testEmail()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let first = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            let sessionID = try #require(try first.signIn.createdSessionID)
            for attempt in [
                [("identifier", email), ("password", Fixture.password)], [("identifier", email), ("strategy", "email_code")],
                [("identifier", email.uppercased())],
            ] {
                let again = try await device.signIn(attempt)
                expectError(again, status: 400, code: "identifier_already_signed_in")
                #expect(again.error?.meta?.sessionID == sessionID)
            }
            let live = await server.core.store.read(SessionRules.self) { $0.listSessions() }.filter { $0.status == .active }
            #expect(live.count == 1)
            // Another user may still sign in on the same client.
            let other = Fixture.email("other")
            _ = try await server.seedUser(SeedUser(emailAddress: other, password: Fixture.password))
            #expect(try await device.signIn([("identifier", other), ("password", Fixture.password)]).status == 200)
        }
    }
}

import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The dashboard's session list marks a session an actor token started with who acts as the user.
@Suite("Dashboard: impersonated sessions")
struct DashboardImpersonationTests {
    @Test("an impersonated session names its actor; the user's own session does not")
    func marksTheActor() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        try await withServer(settings) { server in
            let customerEmail = Fixture.email("customer")
            let supportEmail = Fixture.email("support")
            let customer = try await server.seedUser(SeedUser(emailAddress: customerEmail, password: Fixture.password)).id
            let support = try await server.seedUser(SeedUser(emailAddress: supportEmail, password: Fixture.password)).id
            let minted = try await server.backend("POST", "/actor_tokens", json: ["user_id": customer, "actor": ["sub": support]])
            let token = try #require(minted.json["token"] as? String)
            let acting = try await server.client().signIn([("strategy", "ticket"), ("ticket", token)]).signIn
            let own = try await server.client().signIn([("identifier", customerEmail), ("password", Fixture.password)]).signIn

            let html = try await DashboardBrowser(server).page()
            let actingID = try #require(acting.createdSessionID)
            let actingRow = try #require(Self.row(of: actingID, in: html))
            #expect(actingRow.contains("impersonated by \(supportEmail)"), "\(actingRow)")
            let ownID = try #require(own.createdSessionID)
            let ownRow = try #require(Self.row(of: ownID, in: html))
            #expect(!ownRow.contains("impersonated"), "\(ownRow)")
        }
    }

    /// The session's table row.
    private static func row(of sessionID: String, in html: String) -> String? {
        guard let start = html.range(of: "data-id=\"\(sessionID)\"") else { return nil }
        guard let end = html.range(of: "</tr>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}

import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Dashboard: the waitlist, in router mode")
struct DashboardWaitlistTests {
    @Test("The page lists the waitlist's entries with their status; no section before anyone joins")
    func list() async throws {
        try await withServer(WaitlistTests.settings) { server in
            let dashboard = DashboardBrowser(server)
            #expect(try await !dashboard.page().contains("id=\"waitlist\""))

            let first = try await server.backend("POST", "/waitlist_entries", json: ["email_address": Fixture.email("first")])
            let firstID = try #require(first.json["id"] as? String)
            let second = try await server.client().send("POST", "/v1/waitlist", form: [("email_address", Fixture.email("second"))])
            let secondID = try #require(second.json["id"] as? String)
            _ = try await server.backend("POST", "/waitlist_entries/\(firstID)/invite")

            let html = try await dashboard.page()
            #expect(html.contains("Waitlist (2)"))
            let rows = html.matches(of: /<tr class="waitlist-entry" data-id="([^"]+)">(.*?)<\/tr>/.dotMatchesNewlines()).map { (String($0.1), String($0.2)) }
            let statuses = Dictionary(uniqueKeysWithValues: rows.map { ($0.0, $0.1.firstMatch(of: /<td class="status">([a-z]+)<\/td>/).map { String($0.1) }) })
            #expect(statuses == [secondID: "pending", firstID: "invited"])
        }
    }
}

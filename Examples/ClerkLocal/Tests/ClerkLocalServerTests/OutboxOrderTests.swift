import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Outbox: one order, newest first, over HTTP and on the dashboard")
struct OutboxOrderTests {
    @Test("GET /__local/outbox and the dashboard's inbox both list the latest code first")
    func newestFirstEverywhere() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.emailCode.settings, now: { clock.now() }) { server in
            let first = Fixture.email("first")
            let second = Fixture.email("second")
            for email in [first, second] {
                _ = try await server.seedUser(SeedUser(emailAddress: email))
            }
            for email in [first, second, first] {
                let started = try await server.client().signIn([("identifier", email), ("strategy", "email_code")])
                #expect(started.status == 200)
                clock.advance(by: .seconds(60))
            }
            let sent = server.outbox().map(\.id)
            #expect(sent.count == 3)

            let outbox = try await server.client().send("GET", "/__local/outbox")
            let listed = try #require(outbox.json["messages"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            #expect(listed == sent.reversed())
            let toFirst = try await server.client().send("GET", "/__local/outbox?to=\(first)")
            let firstCodes = try #require(toFirst.json["messages"] as? [[String: Any]]).compactMap { $0["code"] as? String }
            #expect(firstCodes.count == 2 && firstCodes.first == server.latestCode(to: first), "the latest code to an address comes first")

            let inbox = try await DashboardBrowser(server).client.send("GET", "/__local/dashboard/inbox")
            #expect(try #require(inbox.json["messages"] as? [[String: Any]]).compactMap { $0["id"] as? String } == listed)
            let page = try await DashboardBrowser(server).page()
            let rows = page.matches(of: /<tr class="message" data-id="([^"]+)"/).map { String($0.1) }
            #expect(rows == listed)
        }
    }
}

import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Payloads whose `<`, `>`, `"` or `'` share a grapheme with a neighbouring mark (U+0600 before,
/// U+0301 after): one Swift `Character` that equals none of them, read by a browser as the plain
/// ASCII character.
enum GraphemePayloads {
    static let text = "\u{600}<img src=x onerror=window.pwned=1>\u{301}"
    static let attribute = "\"\u{301}>\u{301}\u{600}<img src=x onerror=window.pwned=2>\u{301}"
    static let singleQuote = "'\u{301} onmouseover=window.pwned=3 x='\u{301}"
    static let style = "\u{600}<style/onload=window.pwned=4>\u{301}"
    static let all = [text, attribute, singleQuote, style]

    /// The payload's markup, as UTF-8: it must never appear in a page.
    static let markers = ["<img", "<style/", "\"\u{301}", "'\u{301}"].map { Array($0.utf8) }

    /// Byte search: `String.contains` compares Characters and would miss a `<` joined to U+0600.
    static func injected(_ html: String) -> [String] {
        let bytes = Array(html.utf8)
        return markers.filter { bytes.firstRange(of: $0) != nil }.map { String(decoding: $0, as: UTF8.self) }
    }
}

@Suite("Security: the dashboard escapes by Unicode scalar")
struct DashboardEscapingTests {
    @Test("Every field the dashboard renders escapes grapheme-joined markup", arguments: GraphemePayloads.all)
    func everyRenderedField(_ payload: String) throws {
        let inbox = DashboardInbox([
            OutboxMessage(id: payload, channel: .email, to: payload, purpose: payload, code: payload, body: payload, sentAt: 0)
        ])
        let created = DashboardPage.CreatedUser(
            SeededUser(id: payload, emailAddress: payload, username: payload, totpSecret: payload, totpURI: payload, backupCodes: [payload]))
        let page = DashboardPage(
            token: payload, notice: payload, error: payload, created: created, query: payload,
            users: [
                .init(id: payload, identifier: payload, details: payload, factors: payload, hasPassword: true, compromised: false, lock: payload)
            ],
            sessions: [.init(id: payload, user: payload, client: payload, status: payload, live: true)],
            organizations: [.init(id: payload, name: payload, slug: payload, members: 1, created: payload)], inbox: inbox,
            requests: [.init(time: payload, method: payload, path: payload, status: 200, statusClass: payload, milliseconds: payload)],
            applicationName: payload, instanceType: payload, presetName: payload,
            presets: [.init(name: payload, guide: payload, selected: true)], confirmDeletion: .init(name: payload, guide: payload, selected: true),
            settingsJSON: payload)
        let html = try DashboardTemplates.render(page, template: "dashboard")
        #expect(GraphemePayloads.injected(html).isEmpty, "\(GraphemePayloads.injected(html))")
        var empty = page
        empty.users = []
        let search = try DashboardTemplates.render(empty, template: "dashboard")
        #expect(search.contains("No users matching"))
        #expect(GraphemePayloads.injected(search).isEmpty)
        let fragment = try DashboardTemplates.render(inbox, template: "inbox")
        #expect(GraphemePayloads.injected(fragment).isEmpty)
    }

    @Test("Names set through every path and the search query are shown as text", arguments: GraphemePayloads.all)
    func everyPath(_ payload: String) async throws {
        try await withServer(DashboardTests.oneStep) { server in
            let signUp = try await signUpWithPassword(
                server, server.client(), email: Fixture.email(), extra: [("first_name", payload), ("last_name", payload)])
            #expect(signUp.status == .complete)
            let backend = try await server.backend(
                "POST", "/users", json: ["email_address": [Fixture.email()], "password": Fixture.password, "first_name": payload, "last_name": payload])
            #expect(backend.status == 200, "\(backend.text)")
            let admin = server.client()
            let seed = try JSONSerialization.data(withJSONObject: ["email_address": Fixture.email(), "first_name": payload, "last_name": payload])
            let seeded = try await admin.send("POST", "/__local/admin/users", rawBody: seed, contentType: "application/json")
            #expect(seeded.status == 201, "\(seeded.text)")
            let dashboard = DashboardBrowser(server)
            let form = try await dashboard.post("/users", [("email_address", Fixture.email()), ("first_name", payload), ("last_name", payload)])
            #expect(form.status == 303)
            let outcome = try await dashboard.page(String(try #require(form.header("Location")).dropFirst("/__local/dashboard".count)))
            #expect(GraphemePayloads.injected(outcome).isEmpty, "\(GraphemePayloads.injected(outcome))")
            #expect(await server.core.store.users.values.filter { $0.firstName == payload && $0.lastName == payload }.count == 4)

            let html = try await dashboard.page()
            #expect(GraphemePayloads.injected(html).isEmpty, "\(GraphemePayloads.injected(html))")
            let query = payload.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let search = try await dashboard.page("?q=" + query + "zz")
            #expect(search.contains("No users matching"))
            #expect(GraphemePayloads.injected(search).isEmpty, "\(GraphemePayloads.injected(search))")
        }
    }

    @Test("The inbox is JSON for the page's script, which builds it from text nodes; no inline script or style is allowed")
    func inboxAndPolicy() async throws {
        try await withServer { server in
            let dashboard = DashboardBrowser(server)
            let page = try await dashboard.client.send("GET", "/__local/dashboard")
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(policy.contains("script-src 'self'") && policy.contains("style-src 'self'"))
            #expect(!page.text.contains("<script>") && !page.text.contains("<style"))
            let inlineHandler = /\son[a-z]+\s*=/.ignoresCase()
            #expect("<button onclick=\"go()\">".firstMatch(of: inlineHandler) != nil, "the check finds a handler")
            #expect("<img src=x ONERROR = go()>".firstMatch(of: inlineHandler) != nil, "the check finds a handler")
            #expect(page.text.firstMatch(of: inlineHandler) == nil, "no inline event handler")
            let inbox = try await dashboard.client.send("GET", "/__local/dashboard/inbox")
            #expect(inbox.header("Content-Type")?.hasPrefix("application/json") == true)
            let script = try await dashboard.client.send("GET", "/__local/dashboard/assets/dashboard.js")
            #expect(script.status == 200 && script.header("Content-Type")?.hasPrefix("text/javascript") == true)
            #expect(script.text.contains("textContent") && !script.text.contains("innerHTML"))
            #expect(try await dashboard.client.send("GET", "/__local/dashboard/assets/dashboard.css").status == 200)
            #expect(try await dashboard.client.send("GET", "/__local/dashboard/assets/..%2FTemplates%2Fdashboard.mustache").status == 404)
        }
    }

    @Test("An email whose local part hides markup in a grapheme is refused, and no code is sent")
    func emailLocalPart() async throws {
        // Held in a list: swift-testing's macro mangles such literals written inside #expect.
        let refused = [
            "\u{600}<style/onload=alert(1)>\u{301}@example.com", "a\"\u{301}@example.com", "a,\u{301}@example.com",
            // `\u{600}@` is one Character: split by Character, this address has one `@`.
            "ceo\u{600}@bank.example@evil.io", "ceo\u{600}@bank.example", "ceo\u{202E}moc.live@bank.example", "ceo\u{200B}@bank.example",
        ]
        for address in refused {
            #expect(!IdentifierFormat.isValidEmail(address))
        }
        #expect(IdentifierFormat.isValidEmail("o'brien+clerk_test@example.com"))
        try await withServer(SettingsPreset.signInOrUp.settings) { server in
            let page = server.client()
            let planted = try await page.signIn([
                ("identifier", "\u{600}<style/onload=window.pwned=1>\u{301}@example.com"), ("strategy", "email_code"),
                ("sign_up_if_missing", "true"),
            ])
            #expect(planted.status == 422, "\(planted.text)")
            let twoAts = try await page.signIn([
                ("identifier", "ceo\u{600}@bank.example@evil.io"), ("strategy", "email_code"), ("sign_up_if_missing", "true"),
            ])
            #expect(twoAts.status == 422, "\(twoAts.text)")
            #expect(server.outbox().isEmpty)
        }
    }
}

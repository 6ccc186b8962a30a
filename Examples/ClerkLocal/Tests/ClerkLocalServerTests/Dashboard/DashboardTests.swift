import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Dashboard: every action through its forms, in router mode")
struct DashboardTests {
    /// Password sign-ins that finish in one step (no Client Trust code on a new device).
    static let oneStep: InstanceSettings = {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        return settings
    }()

    @Test("Creating a user redirects (303) to the page, which shows the generated secrets once, never again, and never the password")
    func createShowsSecretsOnce() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let dashboard = DashboardBrowser(server)
            let created = try await dashboard.post(
                "/users",
                [
                    ("email_address", "ada@example.com"), ("phone_number", "+12025550123"), ("username", "ada_lovelace"),
                    ("password", Fixture.password), ("first_name", "Ada"), ("generate_totp_secret", "on"),
                    ("generate_backup_codes", "on"), ("phone_second_factor", "on"),
                ])
            #expect(created.status == 303, "a reload of the answer would post the form again")
            let location = try #require(created.header("Location"))
            #expect(location.hasPrefix("/__local/dashboard?outcome="))
            #expect(!location.contains("ada"), "the address names the outcome, nothing of the user")
            let user = try #require(await server.core.store.users.values.first)
            let secret = try #require(user.totpSecret)
            let shown = try await dashboard.page(String(location.dropFirst("/__local/dashboard".count)))
            #expect(shown.contains(secret), "the generated secret is shown after the redirect")
            #expect(shown.contains("User ada@example.com created."))
            #expect(!shown.contains(Fixture.password))

            let reloaded = try await dashboard.page(String(location.dropFirst("/__local/dashboard".count)))
            #expect(!reloaded.contains(secret) && !reloaded.contains("created."), "shown once: a reload shows nothing again")
            #expect(await server.core.store.users.count == 1, "a reload creates no one")
            let html = try await dashboard.page()
            #expect(html.contains("ada@example.com") && html.contains("authenticator app") && html.contains("10 backup codes"))
            #expect(!html.contains(secret), "no TOTP secret after creation")
            #expect(!html.contains(Fixture.password), "no password")
            #expect(!html.contains(try #require(user.passwordHash)), "no hash")
            #expect(!html.contains("$2"), "no bcrypt hash at all")
        }
    }

    @Test("A refused user redirects too; the page shows the error once")
    func createRefused() async throws {
        try await withServer { server in
            let dashboard = DashboardBrowser(server)
            let answer = try await dashboard.post("/users", [("email_address", "not an email")])
            #expect(answer.status == 303)
            let location = try #require(answer.header("Location"))
            let shown = try await dashboard.page(String(location.dropFirst("/__local/dashboard".count)))
            #expect(shown.contains("class=\"error\""))
            #expect(!(try await dashboard.page(String(location.dropFirst("/__local/dashboard".count)))).contains("class=\"error\""))
            #expect(await server.core.store.users.isEmpty)
        }
    }

    @Test("Every form on the page answers 303 See Other to the page", arguments: [false, true])
    func everyFormRedirects(refused: Bool) async throws {
        try await withServer(Self.oneStep) { server in
            let email = Fixture.email()
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            _ = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            try await server.core.store.perform(UserAdministration.self) { try $0.setLocked(true, dashboardUserID: user.id) }
            let dashboard = DashboardBrowser(server)
            let html = try await dashboard.page()
            let actions = html.matches(of: /<form[^>]* method="post" action="([^"]+)"/).map { String($0.1) }
            #expect(Set(actions.map { $0.replacing(/(user|sess)_[A-Za-z0-9]+/, with: "ID") }) == Self.everyPostedPath)
            if refused {
                // A second server that knows no such user or session: each form is refused.
                try await withServer(Self.oneStep) { other in
                    for action in actions where action.contains("/users/") || action.contains("/sessions/") {
                        let answer = try await DashboardBrowser(other).post(String(action.dropFirst("/__local/dashboard".count)))
                        #expect(answer.status == 303, "\(action)")
                        #expect(answer.header("Location")?.hasPrefix("/__local/dashboard?outcome=") == true, "\(action)")
                    }
                }
                return
            }
            for action in actions {
                let answer = try await dashboard.post(String(action.dropFirst("/__local/dashboard".count)), [("preset", "email-code")])
                #expect(answer.status == 303, "\(action): \(answer.status)")
                #expect(answer.header("Location")?.hasPrefix("/__local/dashboard?") == true, "\(action)")
            }
        }
    }

    static let everyPostedPath: Set<String> = [
        "/__local/dashboard/users", "/__local/dashboard/users/ID/unlock", "/__local/dashboard/users/ID/password_compromised",
        "/__local/dashboard/users/ID/delete", "/__local/dashboard/sessions/ID/revoke", "/__local/dashboard/preset",
        "/__local/dashboard/reset",
    ]

    @Test("Search filters users by identifier or name")
    func search() async throws {
        try await withServer { server in
            _ = try await server.seedUser(SeedUser(emailAddress: "grace@example.com", firstName: "Grace"))
            _ = try await server.seedUser(SeedUser(emailAddress: "linus@example.com"))
            let dashboard = DashboardBrowser(server)
            let found = try await dashboard.page("?q=GRACE")
            #expect(found.contains("grace@example.com") && !found.contains("linus@example.com"))
            let none = try await dashboard.page("?q=nobody")
            #expect(none.contains("No users matching") && !none.contains("grace@example.com"))
        }
    }

    @Test("Delete removes the user and revokes their sessions")
    func delete() async throws {
        try await withServer(Self.oneStep) { server in
            let email = Fixture.email()
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            _ = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            let answer = try await DashboardBrowser(server).post("/users/\(user.id)/delete")
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/__local/dashboard?notice=deleted")
            #expect(await server.core.store.users[user.id] == nil)
            let sessions = await server.core.store.read(SessionRules.self) { $0.listSessions() }
            #expect(sessions.count == 1 && sessions.allSatisfy { $0.status == .revoked })
            let again = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            #expect(again.status != 200, "the identifier no longer finds anyone")
        }
    }

    @Test("Lock refuses sign-in, unlock allows it again")
    func lockUnlock() async throws {
        try await withServer(Self.oneStep) { server in
            let email = Fixture.email()
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let dashboard = DashboardBrowser(server)
            #expect(try await dashboard.post("/users/\(user.id)/lock").status == 303)
            #expect(try await dashboard.page().contains("locked for 60 min"))
            let locked = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            expectError(locked, status: 403, code: "user_locked")
            #expect(try await dashboard.post("/users/\(user.id)/unlock").status == 303)
            let unlocked = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            #expect(unlocked.status == 200)
        }
    }

    @Test("Flagging a password compromised makes the next session pending with reset-password")
    func flagCompromised() async throws {
        try await withServer(Self.oneStep) { server in
            let email = Fixture.email()
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let dashboard = DashboardBrowser(server)
            #expect(try await dashboard.post("/users/\(user.id)/password_compromised").status == 303)
            #expect(try await dashboard.page().contains("password compromised"))
            let signedIn = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            let session = try #require(try signedIn.client?.sessions.first)
            #expect(session.status == .pending)
            #expect(session.tasks?.map(\.key) == [.resetPassword])
        }
    }

    @Test("Revoke ends a live session and its client stops listing it")
    func revoke() async throws {
        try await withServer(Self.oneStep) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            _ = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            let session = try #require(await server.core.store.read(SessionRules.self) { $0.listSessions() }.first)
            let dashboard = DashboardBrowser(server)
            #expect(try await dashboard.page().contains("/__local/dashboard/sessions/\(session.id)/revoke"))
            #expect(try await dashboard.post("/sessions/\(session.id)/revoke").status == 303)
            #expect(await server.core.store.read(SessionRules.self) { $0.listSessions() }.first?.status == .revoked)
            let html = try await dashboard.page()
            #expect(!html.contains("/__local/dashboard/sessions/\(session.id)/revoke"), "no revoke button for an ended session")
            let client = try await device.send("GET", "/v1/client")
            #expect(try client.client?.sessions.isEmpty == true)
        }
    }

    @Test("Reset drops every user and message")
    func reset() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            _ = try await server.client().signIn([("identifier", email), ("strategy", "email_code")])
            let dashboard = DashboardBrowser(server)
            #expect(try await dashboard.page().contains(try #require(server.latestCode(to: email))))
            #expect(try await dashboard.post("/reset").header("Location") == "/__local/dashboard?notice=reset")
            #expect(await server.core.store.users.isEmpty)
            #expect(server.outbox().isEmpty)
            #expect(try await dashboard.page().contains("No messages yet"))
        }
    }

    @Test("Switching preset keeps every user and session and changes the settings the Frontend API serves")
    func switchPreset() async throws {
        try await withServer(Self.oneStep) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            _ = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            let dashboard = DashboardBrowser(server)
            let customPage = try await dashboard.page()
            #expect(customPage.contains("preset custom"))
            #expect(Self.selectedPreset(in: customPage) == "custom: settings of no preset", "the list does not show a preset the instance does not run")
            let answer = try await dashboard.post("/preset", [("preset", "phone-code")])
            #expect(answer.status == 303)
            #expect(answer.header("Location") == "/__local/dashboard?notice=preset")
            #expect(server.core.settings == SettingsPreset.phoneCode.settings)
            #expect(await server.core.store.users.count == 1, "the user is kept")
            #expect(await server.core.store.read(SessionRules.self) { $0.listSessions() }.map(\.status) == [.active], "the session is kept")
            let page = try await dashboard.page("?notice=preset")
            #expect(page.contains("preset phone-code") && page.contains("every user, session and message was kept"))
            #expect(Self.selectedPreset(in: page)?.hasPrefix("phone-code") == true)
            let environment = try await server.client().send("GET", "/v1/environment")
            let attributes = try #require((environment.json["user_settings"] as? [String: Any])?["attributes"] as? [String: Any])
            #expect((attributes["email_address"] as? [String: Any])?["enabled"] as? Bool == false)

            let unknown = try await dashboard.post("/preset", [("preset", "nonsense")])
            #expect(unknown.status == 303)
            let refusal = try await dashboard.page(String(try #require(unknown.header("Location")).dropFirst("/__local/dashboard".count)))
            #expect(refusal.contains("class=\"error\"") && refusal.contains("(preset)"))
            #expect(server.core.settings == SettingsPreset.phoneCode.settings)
        }
    }

    /// The text of the preset list's selected option.
    static func selectedPreset(in page: String) -> String? {
        let selected = page.matches(of: /<option[^>]* selected[^>]*>([^<]*)<\/option>/).map { String($0.1) }
        return selected.count == 1 ? selected[0] : nil
    }

    @Test("Deleting every user on a switch takes a confirmation: the first form only asks, the confirmed one deletes and switches")
    func switchDeletingEverythingAsksFirst() async throws {
        try await withServer { server in
            _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email()))
            let dashboard = DashboardBrowser(server)
            let settingsForm = try #require(try await dashboard.page().firstMatch(of: /<form[^>]*id="switch-preset"(?s:.)*?<\/form>/))
            #expect(settingsForm.0.contains(#"<input type="checkbox" name="delete_state">"#), "deleting is a separate, unticked choice")

            let asked = try await dashboard.post("/preset", [("preset", "phone-code"), ("delete_state", "on")])
            #expect(asked.status == 303)
            #expect(asked.header("Location") == "/__local/dashboard?confirm_delete=phone-code")
            #expect(await server.core.store.users.count == 1, "nothing is deleted before the confirmation")
            #expect(server.core.settings == SettingsPreset.emailPassword.settings, "nor switched")

            let confirmation = try await dashboard.page("?confirm_delete=phone-code")
            let form = try #require(confirmation.firstMatch(of: /<div class="confirm" id="confirm">(?s:.)*?<\/div>/))
            #expect(form.0.contains("delete every user, client, session and message"))
            #expect(form.0.contains(#"name="preset" value="phone-code""#) && form.0.contains(#"name="confirmed" value="yes""#))
            #expect(!(try await dashboard.page()).contains("id=\"confirm\""), "asked only right after the request")

            let confirmed = try await dashboard.post("/preset", [("preset", "phone-code"), ("delete_state", "on"), ("confirmed", "yes")])
            #expect(confirmed.header("Location") == "/__local/dashboard?notice=preset_deleted")
            #expect(await server.core.store.users.isEmpty)
            #expect(server.core.settings == SettingsPreset.phoneCode.settings)
            #expect(try await dashboard.page("?notice=preset_deleted").contains("every user, client, session and message was deleted"))
        }
    }

    @Test("Forms without the page's token, from another origin, or with no origin are refused")
    func csrfRefused() async throws {
        try await withServer { server in
            let dashboard = DashboardBrowser(server)
            let noToken = try await dashboard.client.send("POST", "/__local/dashboard/reset", form: [("x", "1")])
            expectError(noToken, status: 403, code: "resource_forbidden")
            let wrongToken = try await dashboard.client.send("POST", "/__local/dashboard/reset", form: [("token", "guess")])
            expectError(wrongToken, status: 403, code: "resource_forbidden")

            let token = try await dashboard.token()
            let foreign = server.client()
            foreign.origin = "http://evil.example"
            expectError(try await foreign.send("POST", "/__local/dashboard/reset", form: [("token", token)]), status: 403, code: "origin_invalid")
            let noOrigin = server.client()
            expectError(
                try await noOrigin.send("POST", "/__local/dashboard/reset", form: [("token", token)]), status: 415, code: "unsupported_content_type")
            let adminForm = try await dashboard.client.send("POST", "/__local/admin/reset", form: [("token", token)])
            expectError(adminForm, status: 415, code: "unsupported_content_type")
            #expect(try await dashboard.post("/reset").status == 303, "the page's own form goes through")
        }
    }

    @Test("The request log shows requests with their status codes; the inbox fragment lists codes")
    func requestLogAndInbox() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            _ = try await server.client().signIn([("identifier", email), ("strategy", "email_code")])
            _ = try await server.client().send("GET", "/v1/client/sign_ins/sia_missing")
            let dashboard = DashboardBrowser(server)
            let html = try await dashboard.page()
            #expect(html.contains("POST /v1/client/sign_ins</td><td class=\"ok\">200"))
            #expect(html.contains("GET /v1/client/sign_ins/sia_missing</td><td class=\"client-error\">"))
            #expect(!html.contains("GET /__local/dashboard</td>"), "the dashboard's own requests are left out")
            let inbox = try await dashboard.client.send("GET", "/__local/dashboard/inbox")
            #expect(inbox.text.contains(try #require(server.latestCode(to: email))) && inbox.text.contains("sign_in.email_code"))
            #expect(!inbox.text.contains("<html"))
        }
    }

    @Test("User input is shown as text, never as markup")
    func escapesInput() async throws {
        try await withServer { server in
            _ = try await server.seedUser(SeedUser(emailAddress: "x@example.com", firstName: "<script>alert(1)</script>"))
            let html = try await DashboardBrowser(server).page()
            #expect(!html.contains("<script>alert(1)</script>"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }
}

import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Browser-style development clients over real HTTP: `POST /v1/dev_browser`, then requests that
/// name their client by the browser's token in the query alone, as on a Clerk development instance.
@Suite("Development browsers")
struct DevBrowserTests {
    @Test("A browser signs up and in with only __clerk_db_jwt, and GET /v1/client answers its client")
    func signUpAndIn() async throws {
        try await withServer(DevBrowser.settings, mode: .socket) { server in
            let browser = try await DevBrowser.create(server)
            #expect(browser.token.hasPrefix("dvb_") && browser.token.count == 31, "opaque, as Clerk's: \(browser.token)")
            let empty = try await browser.currentClient()
            #expect(empty.sessions.isEmpty)

            let email = Fixture.email("browser")
            let signUp = try await browser.signUp(server, email: email)
            #expect(signUp.status == .complete)
            let sessionID = try #require(signUp.createdSessionID)
            let signedUp = try await browser.currentClient()
            #expect(signedUp.id == empty.id, "the browser keeps its client")
            #expect(signedUp.sessions.map(\.id) == [sessionID] && signedUp.lastActiveSessionID == sessionID)

            try await browser.send("POST", "/v1/client/sessions/\(sessionID)/end")
            let signIn = try await browser.signIn(email: email)
            #expect(signIn.status == .complete)
            let signedIn = try await browser.currentClient()
            #expect(signedIn.id == empty.id)
            #expect(signedIn.lastActiveSessionID == signIn.createdSessionID && signIn.createdSessionID != sessionID)
            let token = try await browser.send("POST", "/v1/client/sessions/\(try #require(signIn.createdSessionID))/tokens")
            #expect(token.status == 200 && (token.json["jwt"] as? String)?.isEmpty == false)
            let stored = try #require(await server.core.store.client(for: RequestMeta(devBrowserToken: browser.token, remoteAddress: "")))
            #expect(stored.id == empty.id)
        }
    }

    @Test("Two browsers are two clients; the same user signed in on both has a session on each")
    func twoBrowsers() async throws {
        try await withServer(DevBrowser.settings, mode: .socket) { server in
            let first = try await DevBrowser.create(server)
            let second = try await DevBrowser.create(server)
            #expect(first.token != second.token)
            let email = Fixture.email("two")
            let signUp = try await first.signUp(server, email: email)
            let secondBefore = try await second.currentClient()
            #expect(secondBefore.sessions.isEmpty, "the second browser sees nothing of the first's sign-up")

            let signIn = try await second.signIn(email: email)
            let firstClient = try await first.currentClient()
            let secondClient = try await second.currentClient()
            #expect(firstClient.id != secondClient.id)
            let firstSession = try #require(signUp.createdSessionID)
            let secondSession = try #require(signIn.createdSessionID)
            #expect(firstClient.sessions.map(\.id) == [firstSession])
            #expect(secondClient.sessions.map(\.id) == [secondSession])
        }
    }

    @Test("__dev_session, the older parameter, names the same client as __clerk_db_jwt")
    func devSessionParameter() async throws {
        try await withServer(DevBrowser.settings, mode: .socket) { server in
            var browser = try await DevBrowser.create(server)
            browser.parameter = "__dev_session"
            let email = Fixture.email("legacy")
            let signUp = try await browser.signUp(server, email: email)
            let legacy = try await browser.currentClient()
            browser.parameter = "__clerk_db_jwt"
            let current = try await browser.currentClient()
            let sessionID = try #require(signUp.createdSessionID)
            #expect(legacy.id == current.id && current.sessions.map(\.id) == [sessionID])
        }
    }

    @Test("The browser's token names the client, not an Authorization header sent beside it")
    func tokenBeforeAuthorization() async throws {
        try await withServer(DevBrowser.settings, mode: .socket) { server in
            let native = server.client()
            let nativeSignUp = try await signUpWithPassword(server, native, email: Fixture.email("native"))
            let browser = try await DevBrowser.create(server)
            browser.client.token = native.token
            let answer = try await browser.client.send("GET", "/v1/client?__clerk_db_jwt=\(browser.token)")
            #expect(answer.header("Authorization") == nil)
            let client = try #require(try answer.client)
            #expect(client.sessions.isEmpty && !client.sessions.contains { $0.id == nativeSignUp.createdSessionID })
        }
    }

    @Test("An unknown, forged or native token is refused with dev_browser_unauthenticated, public endpoints too, and changes nothing")
    func unknownTokenRefused() async throws {
        try await withServer(DevBrowser.settings, mode: .socket) { server in
            let native = server.client()
            let email = Fixture.email("known")
            _ = try await signUpWithPassword(server, native, email: email)
            let real = try await DevBrowser.create(server)
            let before = await server.recordCounts()
            let nativeToken = try #require(native.token)
            let forged = [
                DevBrowser(client: server.client(), token: "dvb_" + String(repeating: "A", count: 27)),
                DevBrowser(client: server.client(), token: String(real.token.dropLast()) + "x"),
                DevBrowser(client: server.client(), token: nativeToken),
                DevBrowser(client: server.client(), token: "eyJhbGciOiJub25lIn0.eyJkZXYiOiJkdmJfMSJ9.", parameter: "__dev_session"),
            ]
            for browser in forged {
                let requests: [(String, String, [(String, String)])] = [
                    ("GET", "/v1/client", []), ("GET", "/v1/environment", []), ("PUT", "/v1/client", []),
                    ("POST", "/v1/client/sign_ins", [("identifier", email), ("password", Fixture.password)]),
                    ("POST", "/v1/client/sign_ups", [("email_address", Fixture.email("new")), ("password", Fixture.password)]),
                ]
                for (method, path, form) in requests {
                    let answer = try await browser.send(method, path, form: form)
                    expectError(answer, status: 401, code: "dev_browser_unauthenticated")
                    #expect(answer.error?.longMessage.contains("Unable to authenticate this browser") == true)
                }
            }
            #expect(await server.recordCounts() == before, "a refused request changed nothing")
            let still = try await real.currentClient()
            #expect(still.sessions.isEmpty)
        }
    }

    @Test("PUT /v1/client moves the browser to a new client; its sessions stay on the old one")
    func newClient() async throws {
        try await withServer(DevBrowser.settings, mode: .socket) { server in
            let browser = try await DevBrowser.create(server)
            let signUp = try await browser.signUp(server, email: Fixture.email("moves"))
            let old = try await browser.currentClient()
            let replaced = try await browser.send("PUT", "/v1/client")
            #expect(replaced.status == 200)
            let new = try await browser.currentClient()
            #expect(new.id != old.id && new.sessions.isEmpty)
            let sessionID = try #require(signUp.createdSessionID)
            let session = await server.core.store.read(SessionRules.self) { $0.sessions[sessionID] }
            #expect(session?.clientID == old.id)
        }
    }

    @Test("A browser and its client come back after a restart; an idle one is swept after a day and its token refused")
    func persistedAndSwept() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let directory = SQLiteStorageTests.temporaryDirectory()
        let first = try await SQLiteStorage(directory: directory)
        let (browser, idle, clientID) = try await withServer(DevBrowser.settings, now: { clock.now() }, storage: first) { server in
            let browser = try await DevBrowser.create(server)
            _ = try await browser.signUp(server, email: Fixture.email("kept"))
            let idle = try await DevBrowser.create(server)
            return (browser, idle, try await browser.currentClient().id)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, now: { clock.now() }, storage: second) { server in
            let restarted = DevBrowser(client: server.client(), token: browser.token)
            let client = try await restarted.currentClient()
            #expect(client.id == clientID && client.sessions.count == 1)
            let idleAgain = DevBrowser(client: server.client(), token: idle.token)
            let idleClient = try await idleAgain.currentClient()
            #expect(idleClient.sessions.isEmpty)

            // Any operation sweeps once it is due; a refused one's sweep is undone with the rest of it.
            clock.advance(by: .seconds(25 * 3600))
            let sweeping = try await server.client().send("GET", "/v1/client")
            #expect(sweeping.status == 200)
            expectError(try await idleAgain.send("GET", "/v1/client"), status: 401, code: "dev_browser_unauthenticated")
            expectError(try await idleAgain.send("GET", "/v1/environment"), status: 401, code: "dev_browser_unauthenticated")
        }
        await second.close()
    }
}

import ClerkAPI
import Foundation
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A development browser's token is a bearer secret like a client token: it appears in no log line,
/// description or dump, though the request log still names the browser's client.
@Suite("Development browsers: logs")
struct DevBrowserLogTests {
    @Test("No browser token in the request log, the server's log, a description or a dump; the log names the browser's client")
    func noTokenInLogs() async throws {
        let lines = NIOLockedValueBox<[String]>([])
        let logger = Logger(label: "dev-browser-test") { _ in CapturingLogHandler(lines: lines) }
        let core = try await LocalFrontendAPI.makeCore(settings: DevBrowser.settings, printsOutbox: false)
        core.baseURL = "http://localhost"
        let application = LocalFrontendAPI.buildApplication(core: core, logger: logger, requestLogger: logger)
        try await application.test(.router) { client in
            let server = TestServer(core: core, connection: .testClient(client))
            let browser = try await DevBrowser.create(server)
            var legacy = try await DevBrowser.create(server)
            legacy.parameter = "__dev_session"
            _ = try await browser.signUp(server, email: Fixture.email("logged"))
            _ = try await legacy.currentClient()
            let refused = DevBrowser(client: server.client(), token: "dvb_" + String(repeating: "Z", count: 27))
            expectError(try await refused.send("GET", "/v1/client"), status: 401, code: "dev_browser_unauthenticated")

            let stored = try #require(await core.store.client(for: RequestMeta(devBrowserToken: browser.token, remoteAddress: "")))
            var dumped = ""
            dump(stored, to: &dumped)
            let meta = RequestMeta(token: "t", devBrowserToken: browser.token, remoteAddress: "127.0.0.1")
            dump(meta, to: &dumped)
            let logged = lines.withLockedValue { $0 }
            #expect(logged.contains { $0.contains("POST /v1/client/sign_ups 200") && $0.contains(RequestLogMiddleware.abbreviated(stored.id)) })
            let history = core.requestHistory.all.map(\.path)
            #expect(history.contains("/v1/client") && !history.contains { $0.contains("?") })
            for text in logged + history + [dumped, String(describing: stored), String(describing: meta)] {
                for token in [browser.token, legacy.token, refused.token] {
                    #expect(!text.contains(token), "a browser's token in: \(text.prefix(160))")
                }
            }
        }
    }
}

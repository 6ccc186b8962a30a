import ClerkAPI
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// A provider's `client_secret` is shown nowhere, and kept where the server needs it.
@Suite("OAuth: the client secret in settings")
struct OAuthSettingsRedactionTests {
    @Test("The admin settings and the dashboard show no client secret; after a restart the kept secret still exchanges codes")
    func redactedButKept() async throws {
        let key = OwnSigningKey(keyID: "redaction-key")
        let expected = NIOLockedValueBox(OAuthOutsideProviderTests.Expected())
        let (base, stop) = try await OAuthOutsideProviderTests.serveProvider(key: key, expected: expected)
        defer { stop() }
        let settings = OAuthOutsideProviderTests.settings(discoveredAt: base)
        let directory = SQLiteStorageTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try await SQLiteStorage(directory: directory)
        try await withServer(settings, storage: first) { server in
            let shown = try await server.client().send("GET", "/__local/admin/settings")
            #expect(shown.status == 200)
            let text = String(decoding: shown.data, as: UTF8.self)
            #expect(!text.contains(OAuthOutsideProviderTests.clientSecret))
            #expect(text.contains(#""client_secret" : "\#(InstanceSettings.redactedSecret)""#), "\(text)")
            #expect(text.contains(OAuthOutsideProviderTests.clientID))
            let page = DashboardPageBuilder.settingsJSON(server.core.settings)
            #expect(!page.contains(OAuthOutsideProviderTests.clientSecret))
            #expect(server.core.settings.oauthProviders?.google?.clientSecret == OAuthOutsideProviderTests.clientSecret)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            // The outside provider's token endpoint answers only the right client_secret.
            let (reloaded, _, _) = try await OAuthOutsideProviderTests.signIn(through: base, on: server, expected: expected)
            #expect(try reloaded.signIn.firstFactorVerification?.status == .transferable, "\(String(decoding: reloaded.data, as: UTF8.self))")
        }
        await second.close()
    }
}

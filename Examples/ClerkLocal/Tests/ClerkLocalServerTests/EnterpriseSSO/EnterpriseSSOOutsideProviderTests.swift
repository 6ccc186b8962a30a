import ClerkAPI
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// A connection whose OpenID Connect provider is an outside issuer found by discovery (the test's
/// own provider on another listener), and its enterprise accounts kept in the data directory.
@Suite("Enterprise SSO: an outside provider by discovery, accounts across a restart")
struct EnterpriseSSOOutsideProviderTests {
    static func settings(discoveredAt base: String) -> InstanceSettings {
        var settings = SettingsPreset.emailPassword.settings
        let oidc = OAuthProviderConfig(
            clientID: OAuthOutsideProviderTests.clientID, clientSecret: OAuthOutsideProviderTests.clientSecret,
            discoveryURL: base + "/.well-known/openid-configuration")
        settings.enterpriseConnections = [EnterpriseConnection(id: "ent_outside", name: "Outside SSO", domains: ["example.com"], oidc: oidc)]
        return settings
    }

    @Test("Signed up through the outside provider; after a restart the user still has the enterprise account")
    func discoveredAndKept() async throws {
        let key = OwnSigningKey(keyID: "enterprise-key")
        let expected = NIOLockedValueBox(OAuthOutsideProviderTests.Expected())
        let (base, stop) = try await OAuthOutsideProviderTests.serveProvider(key: key, expected: expected)
        defer { stop() }
        let directory = SQLiteStorageTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try await SQLiteStorage(directory: directory)
        let (token, accountID) = try await withServer(Self.settings(discoveredAt: base), storage: first) { server in
            let device = server.client()
            let email = Fixture.email("outside-sso")
            let signIn = try await EnterpriseSSO.start(device, email).signIn
            let prepared = try await EnterpriseSSO.prepare(device, signIn.id)
            let authorizeURL = try #require(try prepared.signIn.firstFactorVerification?.externalVerificationRedirectURL)
            #expect(authorizeURL.hasPrefix(base + "/authorize?"))
            let query = OAuthBrowser.query(authorizeURL)
            #expect(query["client_id"] == OAuthOutsideProviderTests.clientID)
            expected.withLockedValue {
                $0.codeChallenge = query["code_challenge"] ?? ""
                $0.nonce = query["nonce"] ?? ""
                $0.email = email
            }
            let callback = URLQueryAppending.appending(
                [URLQueryItem(name: "code", value: expected.withLockedValue { $0.code }), URLQueryItem(name: "state", value: query["state"])],
                to: try #require(query["redirect_uri"]))
            let back = try await OAuthBrowser.callback(callback, on: server)
            let reloaded = try await OAuthBrowser.returnToApp(device, signIn.id, back: back)
            #expect(try reloaded.signIn.firstFactorVerification?.status == .transferable, "\(String(decoding: reloaded.data, as: UTF8.self))")
            let signUp = try await device.signUp([("transfer", "true")])
            let account = try #require(try signUp.client?.sessions.first?.user?.enterpriseAccounts.first)
            #expect(account.enterpriseConnectionID == "ent_outside" && account.providerUserID == "outside-1")
            return (device.token, account.id)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let device = server.client()
            device.token = token
            let client = try await device.send("GET", "/v1/client").decode(ClientEnvelope<ClientResource?, ClientResource>.self).response
            #expect(client?.sessions.first?.user?.enterpriseAccounts.map(\.id) == [accountID])
        }
        await second.close()
    }
}

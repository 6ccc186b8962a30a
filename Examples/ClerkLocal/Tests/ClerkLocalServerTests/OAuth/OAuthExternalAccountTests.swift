import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// `DELETE /v1/me/external_accounts/{id}`: a linked provider's account disconnected, but never the
/// user's last way to sign in.
@Suite("OAuth: removing an external account")
struct OAuthExternalAccountTests {
    @Test("A user with a password disconnects Google; the account is gone from the user, a second removal is not found")
    func removed() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let email = Fixture.email("oauth-remove")
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            let signedIn = try await OAuthBrowser.returnToApp(device, started.id, back: back).signIn
            let session = signedIn.createdSessionID
            let accountID = try #require(await server.core.store.users[seeded.id]?.linkedAccounts.first?.id)

            let removed = try await device.me("DELETE", "/external_accounts/\(accountID)", session: session, operation: "deleteExternalAccount")
            #expect(removed.status == 200, "\(String(decoding: removed.data, as: UTF8.self))")
            #expect(removed.json["response"].flatMap { ($0 as? [String: Any])?["deleted"] as? Bool } == true)
            #expect(await server.core.store.users[seeded.id]?.linkedAccounts.isEmpty == true)
            let user = try await device.me("GET", session: session)
            #expect(try user.decode(ClientEnvelope<User, ClientResource>.self).response.externalAccounts.isEmpty)

            let again = try await device.me("DELETE", "/external_accounts/\(accountID)", session: session)
            expectError(again, status: 404, code: "resource_not_found")
        }
    }

    @Test("The only way a user signs in (no password, one provider) is not removed, and nothing changes")
    func lastWayKept() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: Fixture.email("oauth-only"))
            _ = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            let signUp = try await device.signUp([("transfer", "true"), ("legal_accepted", "true")]).signUp
            let userID = try #require(signUp.createdUserID)
            let accountID = try #require(await server.core.store.users[userID]?.linkedAccounts.first?.id)
            let before = await server.stateCounts()

            let refused = try await device.me("DELETE", "/external_accounts/\(accountID)", session: signUp.createdSessionID)
            expectError(refused, status: 400, code: "last_required_identification_deletion_failed")
            #expect(await server.core.store.users[userID]?.linkedAccounts.count == 1)
            #expect(await server.stateCounts() == before)
        }
    }
}

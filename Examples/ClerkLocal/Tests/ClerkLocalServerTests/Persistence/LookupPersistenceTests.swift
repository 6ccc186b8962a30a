import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Records found by a token rather than their id are found after a restart: the lookups are
/// rebuilt from the records read back, not only kept as requests change them.
@Suite("Persistence: lookups by token after a restart")
struct LookupPersistenceTests {
    private func mint(_ server: TestServer, userID: String) async throws -> (id: String, token: String) {
        let minted = try await server.backend("POST", "/sign_in_tokens", json: ["user_id": userID])
        #expect(minted.status == 200, "\(minted.bodyText)")
        return (try #require(minted.json["id"] as? String), try #require(minted.json["token"] as? String))
    }

    @Test("sign-in tokens minted before a restart: one signs in by its ticket, one is revoked by its id")
    func signInTokens() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let first = try await SQLiteStorage(directory: directory)
        let (userID, used, revoked) = try await withServer(SettingsPreset.emailPassword.settings, storage: first) { server in
            let userID = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password)).id
            return (userID, try await mint(server, userID: userID), try await mint(server, userID: userID))
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let revocation = try await server.backend("POST", "/sign_in_tokens/\(revoked.id)/revoke")
            #expect(revocation.status == 200, "\(revocation.bodyText)")
            #expect(revocation.json["status"] as? String == "revoked")

            let done = try await server.client().signIn([("strategy", "ticket"), ("ticket", used.token)])
            #expect(try done.signIn.status == .complete, "\(done.bodyText)")
            #expect(try done.client?.sessions.first?.user?.id == userID)

            let refused = try await server.client().signIn([("strategy", "ticket"), ("ticket", revoked.token)])
            expectError(refused, status: 400, code: "sign_in_token_revoked_code", param: "ticket")
        }
        await second.close()
    }
}

import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Identity tokens over a data directory: the linked accounts and the test providers' keys come
/// back after a restart, so a token minted before it still signs in after it.
@Suite("Identity tokens: kept in the data directory")
struct IdentityTokenPersistenceTests {
    @Test("External accounts and the test providers' keys survive a restart")
    func restart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let email = Fixture.email("kept")
        let first = try await SQLiteStorage(directory: directory)
        let (token, jwks) = try await withServer(SettingsPreset.social.settings, storage: first) { server in
            let device = server.client()
            _ = try await device.signUp([("strategy", "oauth_token_google"), ("token", try await server.mint(.google, email)), ("legal_accepted", "true")])
            let jwks = try await server.core.identityTokens.testProviders().jwksDocument(for: .apple)
            return (try await server.mint(.apple, email, subject: "kept-apple"), jwks)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(SettingsPreset.social.settings, storage: second) { server in
            #expect(try await server.core.identityTokens.testProviders().jwksDocument(for: .apple) == jwks)
            let answer = try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", token)])
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let user = try #require(try answer.client?.sessions.first?.user)
            #expect(user.externalAccounts.compactMap { $0["provider"]?.stringValue }.sorted() == ["oauth_apple", "oauth_google"])
        }
        await second.close()
    }
}

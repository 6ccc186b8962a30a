import Foundation
import HummingbirdBcrypt
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// A digest of another cost than the instance's (a cheaper import, or a dearer one an older version
/// accepted) is replaced by one at the instance's cost on the user's next successful sign-in, and a
/// data directory holding such digests says how many at start.
@Suite("Security: digests of another cost are hashed again at the instance's cost")
struct DigestRehashTests {
    /// Gives the user a digest of `cost` for `Fixture.password`, durably.
    static func giveDigest(of cost: UInt8, to userID: String, on server: TestServer) async throws {
        var user = try #require(await server.core.store.users[userID])
        user.passwordHash = Bcrypt.hash(Fixture.password, cost: cost)
        let changed = user
        try await server.core.store.perform { $0.store(changed) }
    }

    static func digestCost(of userID: String, on server: TestServer) async -> Int? {
        await server.core.store.users[userID]?.passwordHash.flatMap(PasswordDigestFormat.cost(of:))
    }

    @Test("A wrong password leaves the digest; the right one replaces it with one at cost 10, which signs in", arguments: [4, 11])
    func rehashedOnSignIn(cost: Int) async throws {
        try await withServer { server in
            let email = Fixture.email()
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            try await Self.giveDigest(of: UInt8(cost), to: user.id, on: server)
            let wrong = try await server.client().signIn([("identifier", email), ("password", "not-the-password")])
            expectError(wrong, status: 422, code: "form_password_incorrect")
            #expect(await Self.digestCost(of: user.id, on: server) == cost)
            let right = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            #expect(right.status == 200)
            #expect(await Self.digestCost(of: user.id, on: server) == Int(PasswordHasher.cost))
            #expect(try await server.client().signIn([("identifier", email), ("password", Fixture.password)]).status == 200)
        }
    }

    @Test("A data directory with a cost-11 digest says so at start; after the user's sign-in it holds none")
    func countedAtRestore() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let email = Fixture.email()
        let first = try await SQLiteStorage(directory: directory)
        let userID = try await withServer(storage: first) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            try await Self.giveDigest(of: PasswordHasher.cost + 1, to: user.id, on: server)
            return user.id
        }
        await first.close()

        let lines = NIOLockedValueBox<[String]>([])
        let running = try await LocalFrontendAPI.start(
            logger: Logger(label: "test") { _ in LineCollector(lines: lines) }, storage: .directory(directory))
        await running.shutdown()
        let logged = lines.withLockedValue { $0 }
        #expect(logged.contains(LocalFrontendAPI.rehashNotice(1)), "\(logged)")
        #expect(LocalFrontendAPI.rehashNotice(1).hasPrefix("1 user has a password digest of another bcrypt cost"))

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(storage: second) { server in
            #expect(server.core.digestsToRehash == 1)
            let signedIn = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            #expect(signedIn.status == 200)
            #expect(await Self.digestCost(of: userID, on: server) == Int(PasswordHasher.cost))
        }
        await second.close()
        let third = try await SQLiteStorage(directory: directory)
        try await withServer(storage: third) { server in
            #expect(server.core.digestsToRehash == 0)
        }
        await third.close()
    }
}

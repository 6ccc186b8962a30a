import ClerkAPI
import ClerkTesting
import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Rate-limit counts are state like the rest: a restart on the same data directory buys no attempts,
/// and the counts that have left their window are dropped from storage.
@Suite("Persistence: rate-limit counts")
struct RateLimitPersistenceTests {
    static func settings(window: Int) -> InstanceSettings {
        var settings = SettingsPreset.emailCode.settings
        settings.rateLimits = RateLimitSettings(
            perClient: RateLimit(requests: 100, windowSeconds: window), perIdentifier: RateLimit(requests: 3, windowSeconds: window))
        return settings
    }

    /// The `(key, expires_at)` of every count stored, once the storage is closed.
    static func storedHits(_ directory: URL) async throws -> [(key: String, expiresAt: Double)] {
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteStorage.fileName).path)
        defer { try? queue.close() }
        return try await queue.read { db in
            try Row.fetchAll(db, sql: "SELECT key, expires_at FROM rate_limit_hits ORDER BY id").map { ($0["key"], $0["expires_at"]) }
        }
    }

    @Test("an identifier's sign-ins up to its limit, a restart on the same data directory: the next is still refused with too_many_requests")
    func countsSurviveRestart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let email = Fixture.email("limited")
        let first = try await SQLiteStorage(directory: directory)
        try await withServer(Self.settings(window: 600), storage: first) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            for _ in 1...3 {
                #expect(try await server.client().signIn([("identifier", email)]).status == 200)
            }
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let limited = try await server.client().signIn([("identifier", email)])
            expectError(limited, status: 429, code: "too_many_requests")
            let wait = try #require(limited.header("Retry-After").flatMap { Int($0) })
            #expect(wait > 0 && wait <= 600)
        }
        await second.close()
    }

    @Test("counts that left their window are not counted after a restart, and the next commit deletes them from storage")
    func expiredCountsArePruned() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock(now: Date())
        let email = Fixture.email("pruned")
        let first = try await SQLiteStorage(directory: directory)
        try await withServer(Self.settings(window: 60), now: { clock.now() }, storage: first) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            for _ in 1...3 {
                #expect(try await server.client().signIn([("identifier", email)]).status == 200)
            }
        }
        await first.close()
        let identifierCounts = try await Self.storedHits(directory).filter { $0.key.hasPrefix("identifier:") }
        #expect(identifierCounts.count == 3)

        clock.advance(by: .seconds(61))
        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, now: { clock.now() }, storage: second) { server in
            let again = try await server.client().signIn([("identifier", email)])
            #expect(again.status == 200, "the counts of the last window only")
        }
        await second.close()
        let horizon = clock.now().timeIntervalSince1970
        let kept = try await Self.storedHits(directory)
        #expect(kept.allSatisfy { $0.expiresAt > horizon }, "expired counts are still stored: \(kept)")
        #expect(kept.filter { $0.key.hasPrefix("identifier:") }.count == 1)
    }
}

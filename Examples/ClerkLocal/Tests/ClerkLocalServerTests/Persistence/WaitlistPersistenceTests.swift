import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Waitlist entries are kept in SQLite (`waitlist_entries`) across restarts, with their status, and
/// taken back, with their email, when the operation's write fails.
@Suite("Persistence: waitlist entries")
struct WaitlistPersistenceTests {
    struct WriteFailed: Error {}

    @Test("an entry, then its invitation, come back after a restart; joining again answers the same entry")
    func restart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let email = Fixture.email("waiting")
        let first = try await SQLiteStorage(directory: directory)
        let id = try await withServer(WaitlistTests.settings, storage: first) { server in
            try #require(try await server.client().send("POST", "/v1/waitlist", form: [("email_address", email)]).json["id"] as? String)
        }
        await first.close()
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteStorage.fileName).path)
        let rows = try await queue.read { db in try Data.fetchAll(db, sql: "SELECT record FROM waitlist_entries") }
        try queue.close()
        #expect(try rows.map { try JSONDecoder().decode(WaitlistEntryRecord.self, from: $0).id } == [id])

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let again = try await server.client().send("POST", "/v1/waitlist", form: [("email_address", email)])
            #expect(again.json["id"] as? String == id)
            #expect(try await server.backend("POST", "/waitlist_entries/\(id)/invite").status == 200)
        }
        await second.close()

        let third = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: third) { server in
            let entry = try #require((try await server.backend("GET", "/waitlist_entries").json["data"] as? [[String: Any]])?.first)
            #expect(entry["id"] as? String == id && entry["status"] as? String == "invited")
            #expect((entry["invitation"] as? [String: Any])?["status"] as? String == "pending")
        }
        await third.close()
    }

    @Test("a write failing under a join: 500, no entry and no email")
    func undone() async throws {
        let storage = GatedStorage()
        storage.release()
        try await withServer(WaitlistTests.settings, storage: storage) { server in
            let email = Fixture.email("lost")
            storage.release(failing: WriteFailed())
            expectError(try await server.client().send("POST", "/v1/waitlist", form: [("email_address", email)]), status: 500, code: "internal_clerk_error")
            storage.release()
            #expect(try await server.backend("GET", "/waitlist_entries").json["total_count"] as? Int == 0)
            #expect(server.outbox(to: email).isEmpty, "the confirmation of the failed join is taken back")
        }
    }
}

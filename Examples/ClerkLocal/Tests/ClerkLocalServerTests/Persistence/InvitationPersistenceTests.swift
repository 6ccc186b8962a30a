import ClerkAPI
import ClerkTesting
import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Invitations are state like the rest: kept in SQLite across a restart (the ticket as a digest
/// only), and taken back, with their email, when the operation's write fails.
@Suite("Persistence: invitations")
struct InvitationPersistenceTests {
    struct WriteFailed: Error {}

    @Test("an invitation, and then its acceptance, come back after a restart; the ticket still signs up once")
    func restart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let email = Fixture.email("invited")
        let first = try await SQLiteStorage(directory: directory)
        let (ticket, id) = try await withServer(SettingsPreset.invitations.settings, storage: first) { server in
            let ticket = try await server.inviteTicket(email, ["public_metadata": ["seat": 3]])
            return (ticket, try #require(try await server.backend("GET", "/invitations").jsonArray.first?["id"] as? String))
        }
        await first.close()
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteStorage.fileName).path)
        let rows = try await queue.read { db in try Data.fetchAll(db, sql: "SELECT record FROM invitations") }
        try queue.close()
        #expect(rows.count == 1)
        #expect(rows.allSatisfy { $0.range(of: Data(ticket.utf8)) == nil }, "the invitations table keeps the ticket's digest only")
        #expect(try rows.map { try JSONDecoder().decode(InvitationRecord.self, from: $0).ticketDigest } == [TokenDigest.of(ticket)])

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let listed = try await server.backend("GET", "/invitations").jsonArray
            #expect(listed.count == 1 && listed.first?["id"] as? String == id && listed.first?["status"] as? String == "pending")
            #expect((listed.first?["public_metadata"] as? [String: Any])?["seat"] as? Int == 3)
            #expect(server.outbox(to: email).count == 1, "the invitation email was kept")
            let done = try await server.client().signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            #expect(try done.signUp.status == .complete, "\(done.bodyText)")
        }
        await second.close()

        let third = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: third) { server in
            #expect(try await server.backend("GET", "/invitations?status=accepted").jsonArray.first?["id"] as? String == id)
            let again = try await server.client().signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            expectError(again, status: 400, code: "invitation_already_accepted", param: "ticket")
        }
        await third.close()
    }

    @Test("a write failing under a creation, a revocation or an acceptance: 500, and the invitation as it was")
    func undone() async throws {
        let storage = GatedStorage()
        storage.release()
        try await withServer(SettingsPreset.invitations.settings, storage: storage) { server in
            let lost = Fixture.email("lost")
            storage.release(failing: WriteFailed())
            expectError(try await server.invite(lost), status: 500, code: "internal_clerk_error")
            storage.release()
            #expect(try await server.backend("GET", "/invitations").jsonArray.isEmpty)
            #expect(server.outbox(to: lost).isEmpty, "the email of the failed creation is taken back")

            let email = Fixture.email("kept")
            let ticket = try await server.inviteTicket(email)
            let id = try #require(try await server.backend("GET", "/invitations").jsonArray.first?["id"] as? String)
            storage.release(failing: WriteFailed())
            expectError(try await server.backend("POST", "/invitations/\(id)/revoke"), status: 500, code: "internal_clerk_error")
            let device = server.client()
            let failed = try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            expectError(failed, status: 500, code: "internal_clerk_error")
            storage.release()
            #expect(try await server.backend("GET", "/invitations?status=pending").jsonArray.count == 1)
            #expect(await server.core.store.users.isEmpty)

            let done = try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            #expect(try done.signUp.status == .complete, "\(done.bodyText)")
        }
    }
}

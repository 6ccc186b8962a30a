import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore

/// A table's lookup follows its records through every way they change: set, replaced, removed,
/// undone, cleared, loaded from storage.
@Suite("A tracked table's lookup by derived keys")
struct TableLookupTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func invitation(to address: String) -> (InvitationRecord, ticket: String) {
        InvitationRecord.issue(to: address, publicMetadata: .null, now: now, lifetimeDays: 30)
    }

    private func ids(_ table: TrackedTable<InvitationRecord>, _ key: String) -> Set<String> {
        Set(table.records(for: key).map(\.id))
    }

    @Test("a record is found by its keys; a changed record by its new keys only; a removed one by none")
    func followsChanges() {
        var table = TrackedTable<InvitationRecord>(tracksChanges: true, lookup: .invitations)
        var (record, ticket) = invitation(to: "first@example.com")
        let (other, _) = invitation(to: "first@example.com")
        table[record.id] = record
        table[other.id] = other
        #expect(ids(table, LookupKey.digest(TokenDigest.of(ticket))) == [record.id])
        #expect(ids(table, LookupKey.email("first@example.com")) == [record.id, other.id])

        record.emailAddress = "second@example.com"
        table[record.id] = record
        #expect(ids(table, LookupKey.email("first@example.com")) == [other.id])
        #expect(ids(table, LookupKey.email("second@example.com")) == [record.id])
        #expect(ids(table, LookupKey.digest(TokenDigest.of(ticket))) == [record.id])

        table[record.id] = nil
        #expect(table.records(for: LookupKey.digest(TokenDigest.of(ticket))).isEmpty)
        #expect(table.records(for: LookupKey.email("second@example.com")).isEmpty)
        #expect(table.records(for: LookupKey.digest(TokenDigest.of("not a ticket"))).isEmpty)
    }

    @Test("undoing an operation, even one that cleared the table, puts the lookup back as it was")
    func followsUndo() {
        var table = TrackedTable<InvitationRecord>(tracksChanges: false, lookup: .invitations)
        let (kept, keptTicket) = invitation(to: "kept@example.com")
        table[kept.id] = kept

        table.startRecording()
        var changed = kept
        changed.emailAddress = "changed@example.com"
        table[kept.id] = changed
        let (added, addedTicket) = invitation(to: "added@example.com")
        table[added.id] = added
        table.undo(table.stopRecording())
        #expect(ids(table, LookupKey.email("kept@example.com")) == [kept.id])
        #expect(table.records(for: LookupKey.email("changed@example.com")).isEmpty)
        #expect(table.records(for: LookupKey.digest(TokenDigest.of(addedTicket))).isEmpty)

        table.startRecording()
        table.clear()
        #expect(table.records(for: LookupKey.digest(TokenDigest.of(keptTicket))).isEmpty)
        table.undo(table.stopRecording())
        #expect(ids(table, LookupKey.digest(TokenDigest.of(keptTicket))) == [kept.id])
    }

    @Test("records loaded from storage are found by their keys")
    func followsLoad() {
        var table = TrackedTable<InvitationRecord>(tracksChanges: true, lookup: .invitations)
        let (record, ticket) = invitation(to: "stored@example.com")
        table.load([(id: record.id, record: record)])
        #expect(ids(table, LookupKey.digest(TokenDigest.of(ticket))) == [record.id])
        #expect(ids(table, LookupKey.email("stored@example.com")) == [record.id])
    }
}

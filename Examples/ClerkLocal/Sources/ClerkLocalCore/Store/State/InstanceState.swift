import Foundation

/// Everything an instance holds, by aggregate: the users, the clients and their sessions, the
/// sign-ins and sign-ups in progress, the invitations, and the rate limiter. The rules (`InstanceRules`) change it;
/// the store's actor serialises them and records each operation's changes for storage and undo.
package struct InstanceState: Sendable {
    package var directory: UserDirectory
    package var clientBook: ClientBook
    package var signIns: TrackedTable<SignInRecord>
    package var signUps: TrackedTable<SignUpRecord>
    package var invitations: TrackedTable<InvitationRecord>
    package var waitlist: TrackedTable<WaitlistEntryRecord>
    package var trustedDevices: TrackedTable<TrustedDeviceRecord>
    package var organizations: OrganizationBook
    package var rateLimiter: RateLimiter
    /// When the next sweep of abandoned records is due, by the server's clock.
    package var nextPruneAt = Date.distantPast
    /// A write not yet handed to storage that changes nothing but takes as long as a record's
    /// (`StateChanges.padding`).
    package var paddingWritePending = false
    /// The messages sent by the operation running now, to take back if it fails.
    package var deliveredInOperation: Set<String>?

    package init(tracksChanges: Bool) {
        directory = UserDirectory(tracksChanges: tracksChanges)
        clientBook = ClientBook(tracksChanges: tracksChanges)
        signIns = TrackedTable(tracksChanges: tracksChanges, lookup: .signIns)
        signUps = TrackedTable(tracksChanges: tracksChanges, lookup: .signUps)
        invitations = TrackedTable(tracksChanges: tracksChanges, lookup: .invitations)
        waitlist = TrackedTable(tracksChanges: tracksChanges, lookup: .waitlist)
        trustedDevices = TrackedTable(tracksChanges: tracksChanges, lookup: TableLookup { [LookupKey.user($0.userID)] })
        organizations = OrganizationBook(tracksChanges: tracksChanges)
        rateLimiter = RateLimiter(tracksChanges: tracksChanges)
    }

    /// What stands in the store while rules hold its state (nothing allocated).
    package static let placeholder = InstanceState(tracksChanges: false)

    /// Fills the tables from what storage kept, at start (`now`: the counts that have left their
    /// window by then are dropped).
    package mutating func load(_ stored: StoredState, now: Date) {
        directory.users.load(stored.users)
        clientBook.clients.load(stored.clients)
        clientBook.sessions.load(stored.sessions)
        signIns.load(stored.signIns)
        signUps.load(stored.signUps)
        invitations.load(stored.invitations)
        waitlist.load(stored.waitlist)
        trustedDevices.load(stored.trustedDevices)
        organizations.load(stored.organizations)
        rateLimiter.restore(stored.rateLimitHits, now: now)
        rebuildIndexes()
    }

    /// The lookups by identifier and client token, from the records as they are now.
    package mutating func rebuildIndexes() {
        directory.rebuildIndex()
        clientBook.rebuildIndex()
    }

    /// Drops every record and every count.
    package mutating func clear() {
        directory.clear()
        clientBook.clear()
        signIns.clear()
        signUps.clear()
        invitations.clear()
        waitlist.clear()
        trustedDevices.clear()
        organizations.clear()
        rateLimiter.reset()
    }

    // MARK: Recording an operation

    package mutating func startRecording() {
        directory.users.startRecording()
        clientBook.clients.startRecording()
        signIns.startRecording()
        signUps.startRecording()
        invitations.startRecording()
        waitlist.startRecording()
        trustedDevices.startRecording()
        organizations.startRecording()
        clientBook.sessions.startRecording()
        rateLimiter.startRecording()
        deliveredInOperation = []
    }

    /// What undoes the operation's changes (`pruneAt`: when the sweep was due before it).
    package mutating func stopRecording(pruneAtBefore pruneAt: Date) -> StateUndo {
        defer { deliveredInOperation = nil }
        return StateUndo(
            users: directory.users.stopRecording(), clients: clientBook.clients.stopRecording(),
            signIns: signIns.stopRecording(), signUps: signUps.stopRecording(), sessions: clientBook.sessions.stopRecording(),
            invitations: invitations.stopRecording(), waitlist: waitlist.stopRecording(), trustedDevices: trustedDevices.stopRecording(),
            organizations: organizations.stopRecording(),
            rateLimitKeys: rateLimiter.stopRecording(),
            nextPruneAt: pruneAt, messageIDs: deliveredInOperation ?? [])
    }

    /// Moves the records changed since the last call into `changes`.
    package mutating func takeChanges(into changes: inout StateChanges) {
        changes.padding = paddingWritePending
        paddingWritePending = false
        changes.users = directory.users.takeChanges()
        changes.clients = clientBook.clients.takeChanges()
        changes.sessions = clientBook.sessions.takeChanges()
        changes.signIns = signIns.takeChanges()
        changes.signUps = signUps.takeChanges()
        changes.invitations = invitations.takeChanges()
        changes.waitlist = waitlist.takeChanges()
        changes.trustedDevices = trustedDevices.takeChanges()
        changes.organizations = organizations.takeChanges()
        changes.rateLimits = rateLimiter.takeChanges()
    }

    /// Puts back the records an operation changed (the lookups are rebuilt by the caller).
    package mutating func undo(_ undo: StateUndo) {
        directory.users.undo(undo.users)
        clientBook.clients.undo(undo.clients)
        signIns.undo(undo.signIns)
        signUps.undo(undo.signUps)
        invitations.undo(undo.invitations)
        waitlist.undo(undo.waitlist)
        trustedDevices.undo(undo.trustedDevices)
        organizations.undo(undo.organizations)
        clientBook.sessions.undo(undo.sessions)
        rateLimiter.undo(undo.rateLimitKeys)
        nextPruneAt = undo.nextPruneAt
    }

    /// Counts a batch's records as changed again and its rate-limit counts as withdrawn (its operation
    /// was undone: the batch never became durable, or is overwritten by the next).
    package mutating func markChanged(_ batch: StateChanges) {
        directory.users.markChanged(batch.users.keys)
        clientBook.clients.markChanged(batch.clients.keys)
        signIns.markChanged(batch.signIns.keys)
        signUps.markChanged(batch.signUps.keys)
        invitations.markChanged(batch.invitations.keys)
        waitlist.markChanged(batch.waitlist.keys)
        trustedDevices.markChanged(batch.trustedDevices.keys)
        organizations.markChanged(batch.organizations)
        rateLimiter.withdraw(batch.rateLimits)
        clientBook.sessions.markChanged(batch.sessions.keys)
    }
}

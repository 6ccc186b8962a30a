import Foundation

/// Operations that changed state and have not been answered yet, in the order they changed it. An
/// operation's batch goes to storage only after every earlier one's, and only once its answer is
/// ready (a token signed): one that fails before that never reaches storage. An operation that fails
/// takes every later one in flight with it, since those saw its changes.
package struct OperationsInFlight: Sendable {
    package enum Stage: Sendable, Equatable {
        /// Its answer is being made (tokens signed) outside the store.
        case answering
        /// Answered, waiting for the operations before it.
        case ready
        /// Handed to storage as the batch with this sequence number.
        case enqueued(UInt64)
    }

    package struct Operation: Sendable {
        package let number: UInt64
        package let undo: StateUndo
        package let batch: StateChanges
    }

    // Numbers are given in increasing order and every lookup is by number: dictionaries keep each
    // step constant-time with many requests in flight, and the stages apart from the operations, so
    // that reading or changing a stage copies no operation.
    private var operations: [UInt64: Operation] = [:]
    private var stages: [UInt64: Stage] = [:]
    private var nextNumber: UInt64 = 1
    /// Every operation numbered below this one is enqueued, finished or removed.
    private var firstNotEnqueued: UInt64 = 1

    /// Adds an operation that just changed state; answers its number.
    package mutating func add(undo: StateUndo, batch: StateChanges) -> UInt64 {
        let number = nextNumber
        nextNumber += 1
        operations[number] = Operation(number: number, undo: undo, batch: batch)
        stages[number] = .answering
        return number
    }

    package func contains(_ number: UInt64) -> Bool {
        stages[number] != nil
    }

    package func stage(of number: UInt64) -> Stage? {
        stages[number]
    }

    /// Marks an operation answered; one already handed to storage keeps its sequence number.
    package mutating func markReady(_ number: UInt64) {
        guard stages[number] == .answering else { return }
        stages[number] = .ready
    }

    /// The ready operations no earlier operation is still answering before, in order; each is
    /// handed to `enqueue` and marked with the sequence number it answers.
    package mutating func enqueueReady(_ enqueue: (Operation) -> UInt64) -> [(number: UInt64, sequence: UInt64)] {
        var enqueued: [(number: UInt64, sequence: UInt64)] = []
        while firstNotEnqueued < nextNumber {
            let number = firstNotEnqueued
            switch stages[number] {
            case .answering?: return enqueued
            case nil, .enqueued?: break
            case .ready?:
                if let operation = operations[number] {
                    let sequence = enqueue(operation)
                    stages[number] = .enqueued(sequence)
                    enqueued.append((number, sequence))
                }
            }
            firstNotEnqueued += 1
        }
        return enqueued
    }

    /// Forgets an operation whose changes are durable.
    package mutating func finish(_ number: UInt64) {
        operations[number] = nil
        stages[number] = nil
    }

    /// Removes the operation and every later one, newest first, to undo them.
    package mutating func removeFrom(_ number: UInt64) -> [Operation] {
        guard stages[number] != nil else { return [] }
        let removed = operations.keys.filter { $0 >= number }.sorted(by: >).compactMap { operations[$0] }
        for operation in removed {
            operations[operation.number] = nil
            stages[operation.number] = nil
        }
        return removed
    }
}

/// What undoes one operation's changes.
package struct StateUndo: Sendable {
    package var users: TableUndo<UserRecord>
    package var clients: TableUndo<ClientRecord>
    package var signIns: TableUndo<SignInRecord>
    package var signUps: TableUndo<SignUpRecord>
    package var sessions: TableUndo<SessionRecord>
    package var invitations: TableUndo<InvitationRecord>
    package var waitlist: TableUndo<WaitlistEntryRecord>
    package var trustedDevices: TableUndo<TrustedDeviceRecord>
    /// The rate limiters' keys the operation counted a request under.
    package var rateLimitKeys: [String]
    package var organizations: OrganizationUndo
    package var nextPruneAt: Date
    package var messageIDs: Set<String>

    package init(
        users: TableUndo<UserRecord> = TableUndo(), clients: TableUndo<ClientRecord> = TableUndo(),
        signIns: TableUndo<SignInRecord> = TableUndo(), signUps: TableUndo<SignUpRecord> = TableUndo(),
        sessions: TableUndo<SessionRecord> = TableUndo(),
        invitations: TableUndo<InvitationRecord> = TableUndo(), waitlist: TableUndo<WaitlistEntryRecord> = TableUndo(),
        trustedDevices: TableUndo<TrustedDeviceRecord> = TableUndo(),
        organizations: OrganizationUndo = OrganizationUndo(),
        rateLimitKeys: [String] = [], nextPruneAt: Date = .distantPast,
        messageIDs: Set<String> = []
    ) {
        self.users = users
        self.clients = clients
        self.signIns = signIns
        self.signUps = signUps
        self.sessions = sessions
        self.invitations = invitations
        self.waitlist = waitlist
        self.trustedDevices = trustedDevices
        self.rateLimitKeys = rateLimitKeys
        self.organizations = organizations
        self.nextPruneAt = nextPruneAt
        self.messageIDs = messageIDs
    }
}

/// An operation answered 500 because an operation before it, whose changes it saw, failed.
package struct EarlierOperationFailed: Error {
    package init() {
    }
}

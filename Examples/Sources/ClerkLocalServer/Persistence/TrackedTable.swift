/// The store's records of one kind by id, remembering which ids changed since the changes were last
/// taken, so that only those are written to storage. With tracking off (in-memory storage) it is a
/// plain dictionary.
struct TrackedTable<Record: Sendable>: Sequence, Sendable {
    private var rows: [String: Record] = [:]
    private var changedIDs: Set<String> = []
    let tracksChanges: Bool

    init(tracksChanges: Bool) {
        self.tracksChanges = tracksChanges
    }

    subscript(id: String) -> Record? {
        get { rows[id] }
        set {
            rows[id] = newValue
            if tracksChanges { changedIDs.insert(id) }
        }
    }

    var values: Dictionary<String, Record>.Values { rows.values }
    var count: Int { rows.count }
    var isEmpty: Bool { rows.isEmpty }

    func makeIterator() -> Dictionary<String, Record>.Iterator {
        rows.makeIterator()
    }

    /// Drops every record for which `shouldRemove` is true.
    mutating func removeAll(where shouldRemove: (Record) -> Bool) {
        for (id, record) in rows where shouldRemove(record) {
            self[id] = nil
        }
    }

    /// Drops everything without recording it: the caller records the reset as a whole.
    mutating func clear() {
        rows = [:]
        changedIDs = []
    }

    /// Fills the table from storage at start; nothing counts as changed.
    mutating func load(_ records: [(id: String, record: Record)]) {
        rows.reserveCapacity(records.count)
        for (id, record) in records { rows[id] = record }
    }

    /// The records changed since the last call (nil for a removed one), and forgets them.
    mutating func takeChanges() -> [String: Record?] {
        guard !changedIDs.isEmpty else { return [:] }
        var changes: [String: Record?] = [:]
        changes.reserveCapacity(changedIDs.count)
        for id in changedIDs { changes[id] = .some(rows[id]) }
        changedIDs = []
        return changes
    }
}

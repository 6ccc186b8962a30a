/// The store's records of one kind by id, remembering which ids changed since the changes were last
/// taken, so that only those are written to storage. With tracking off (in-memory storage) it is a
/// plain dictionary. While an operation records (`startRecording`), it also keeps each record's value
/// from before the operation touched it, so that a failed operation can be undone (`undo`). With a
/// `TableLookup`, its records are also found by the keys it derives from them (`records(for:)`).
package struct TrackedTable<Record: Sendable>: Sequence, Sendable {
    private var rows: [String: Record] = [:]
    private var changedIDs: Set<String> = []
    private var recording: TableUndo<Record>?
    private var lookup: TableLookup<Record>?
    package let tracksChanges: Bool

    package init(tracksChanges: Bool, lookup: TableLookup<Record>? = nil) {
        self.tracksChanges = tracksChanges
        self.lookup = lookup
    }

    package subscript(id: String) -> Record? {
        get { rows[id] }
        set {
            recording?.remember(id, rows[id])
            if lookup != nil { lookup?.replace(id, old: rows[id], new: newValue) }
            rows[id] = newValue
            if tracksChanges { changedIDs.insert(id) }
        }
    }

    /// The records the table's lookup finds by `key` (none without a lookup).
    package func records(for key: String) -> [Record] {
        guard let lookup else { return [] }
        return lookup.ids(for: key).compactMap { rows[$0] }
    }

    /// How many records the table's lookup finds by `key`, without reading them.
    package func count(for key: String) -> Int {
        lookup?.ids(for: key).count ?? 0
    }

    package var values: Dictionary<String, Record>.Values { rows.values }
    package var ids: Dictionary<String, Record>.Keys { rows.keys }
    package var count: Int { rows.count }
    package var isEmpty: Bool { rows.isEmpty }

    package func makeIterator() -> Dictionary<String, Record>.Iterator {
        rows.makeIterator()
    }

    /// Drops every record for which `shouldRemove` is true.
    package mutating func removeAll(where shouldRemove: (Record) -> Bool) {
        for (id, record) in rows where shouldRemove(record) {
            self[id] = nil
        }
    }

    /// Drops everything without recording it: the caller records the reset as a whole.
    package mutating func clear() {
        recording?.rememberAll(rows)
        rows = [:]
        changedIDs = []
        lookup?.rebuild(from: rows)
    }

    /// Fills the table from storage at start; nothing counts as changed.
    package mutating func load(_ records: [(id: String, record: Record)]) {
        rows.reserveCapacity(records.count)
        for (id, record) in records { rows[id] = record }
        lookup?.rebuild(from: rows)
    }

    /// The records changed since the last call (nil for a removed one), and forgets them.
    package mutating func takeChanges() -> [String: Record?] {
        guard !changedIDs.isEmpty else { return [:] }
        var changes: [String: Record?] = [:]
        changes.reserveCapacity(changedIDs.count)
        for id in changedIDs { changes[id] = .some(rows[id]) }
        changedIDs = []
        return changes
    }

    /// Counts these records as changed again (their batch never became durable).
    package mutating func markChanged(_ ids: some Sequence<String>) {
        if tracksChanges { changedIDs.formUnion(ids) }
    }

    /// Starts keeping the value each record had before it is next changed.
    package mutating func startRecording() {
        recording = TableUndo()
    }

    /// Stops recording and answers what undoes the changes made since `startRecording`.
    package mutating func stopRecording() -> TableUndo<Record> {
        defer { recording = nil }
        return recording ?? TableUndo()
    }

    /// Puts back the records as they were before the changes `undo` recorded; each one counts as
    /// changed, so storage is given the restored value too.
    package mutating func undo(_ undo: TableUndo<Record>) {
        if let whole = undo.beforeClear {
            rows = whole
            if tracksChanges { changedIDs.formUnion(whole.keys) }
            lookup?.rebuild(from: rows)
        }
        for (id, original) in undo.originals {
            if lookup != nil { lookup?.replace(id, old: rows[id], new: original) }
            rows[id] = original
            if tracksChanges { changedIDs.insert(id) }
        }
    }
}

/// The values records of one table had before an operation changed them.
package struct TableUndo<Record: Sendable>: Sendable {
    /// The value before the first change, per record (nil: the record did not exist).
    package fileprivate(set) var originals: [String: Record?] = [:]
    /// The whole table as it was when the operation cleared it (changes after that are undone by it).
    package fileprivate(set) var beforeClear: [String: Record]?

    package var isEmpty: Bool { originals.isEmpty && beforeClear == nil }

    fileprivate mutating func remember(_ id: String, _ value: Record?) {
        guard beforeClear == nil, originals.index(forKey: id) == nil else { return }
        originals[id] = .some(value)
    }

    fileprivate mutating func rememberAll(_ rows: [String: Record]) {
        guard beforeClear == nil else { return }
        beforeClear = rows
    }
}

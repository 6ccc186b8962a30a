/// What the comparisons gather: the changes, the extensions met, and the enumeration values seen.
struct ComparisonResult {
    var changes: [DriftChange] = []
    var extensions: [ExtensionList.Entry] = []
    var observations = EnumObservations()

    mutating func add(_ level: DriftLevel, _ kind: String, _ location: String, _ message: String, _ addition: SchemaAddition? = nil) {
        changes.append(DriftChange(level: level, kind: kind, location: location, message: message, addition: addition))
    }
}

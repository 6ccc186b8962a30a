/// The outcome of one comparison: the changes, graded, and the deliberate extensions met on the way.
public struct DriftReport: Sendable, Hashable {
    /// Every change, in schema order: resources, endpoints, enumerations, error codes, then what the schema does not cover.
    public var changes: [DriftChange]
    /// The extensions of `Schema/extensions.json` the spec still lacks, each listed once.
    public var extensions: [ExtensionList.Entry]
    /// The spec file's name, for headings.
    public var specName: String
    /// The catalogue's file name; nil when no `--errors` was given and codes were not compared.
    public var catalogueName: String?

    /// A report.
    public init(changes: [DriftChange], extensions: [ExtensionList.Entry], specName: String, catalogueName: String?) {
        self.changes = changes
        self.extensions = extensions
        self.specName = specName
        self.catalogueName = catalogueName
    }

    /// How many changes there are of `level`.
    public func count(_ level: DriftLevel) -> Int {
        changes.filter { $0.level == level }.count
    }

    /// The additive changes `--apply` would write.
    public var additions: [SchemaAddition] {
        changes.compactMap(\.addition)
    }
}

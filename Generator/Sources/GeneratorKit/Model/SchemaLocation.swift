/// Where a declaration stands: the schema file (relative to the schema folder) and its JSON path.
public struct SchemaLocation: Sendable, Hashable, CustomStringConvertible {
    /// The schema file, relative to the schema folder.
    public var file: String
    /// The JSON path, e.g. `$.resources[0].fields[2]`.
    public var path: String

    /// A location.
    public init(file: String, path: String) {
        self.file = file
        self.path = path
    }

    /// `file: path`.
    public var description: String { "\(file): \(path)" }
}

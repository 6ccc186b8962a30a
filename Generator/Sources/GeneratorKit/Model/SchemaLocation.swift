/// Where a declaration stands: the schema file (relative to the schema folder) and its JSON path.
public struct SchemaLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var path: String

    public init(file: String, path: String) {
        self.file = file
        self.path = path
    }

    public var description: String { "\(file): \(path)" }
}

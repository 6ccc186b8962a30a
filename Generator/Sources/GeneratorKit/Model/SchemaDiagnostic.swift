/// One problem in the schema, with the file and JSON path it concerns.
public struct SchemaDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SchemaLocation
    /// What is wrong.
    public var message: String

    /// A problem at `location`.
    public init(_ location: SchemaLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file: $.path: message`.
    public var description: String { "\(location): \(message)" }
}

/// The schema is invalid: nothing is generated.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    /// Every problem found.
    public var diagnostics: [SchemaDiagnostic]

    /// The error for these problems.
    public init(_ diagnostics: [SchemaDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The problems, one a line.
    public var description: String {
        "The schema is invalid (\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s")):\n"
            + diagnostics.map { "  \($0)" }.joined(separator: "\n")
    }
}

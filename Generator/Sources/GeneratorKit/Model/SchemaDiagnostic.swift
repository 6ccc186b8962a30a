/// One problem in the schema, with the file and JSON path it concerns.
public struct SchemaDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var location: SchemaLocation
    public var message: String

    public init(_ location: SchemaLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// The schema is invalid: nothing is generated.
public struct SchemaError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [SchemaDiagnostic]

    public init(_ diagnostics: [SchemaDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        "The schema is invalid (\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s")):\n"
            + diagnostics.map { "  \($0)" }.joined(separator: "\n")
    }
}

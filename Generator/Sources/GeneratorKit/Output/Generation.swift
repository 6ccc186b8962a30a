import Foundation

/// The whole pipeline: parse the schema, validate it, render Swift. Any diagnostic stops
/// it before anything is rendered.
public enum Generation {
    public static func generate(schemaDirectory: URL, imports: [String] = ["ClerkWire"]) throws -> [GeneratedFile] {
        let (schema, parseDiagnostics) = try SchemaParser().parse(directory: schemaDirectory)
        return try generate(schema, parseDiagnostics: parseDiagnostics, imports: imports)
    }

    public static func generate(files: [(path: String, contents: Data)], imports: [String] = ["ClerkWire"]) throws -> [GeneratedFile] {
        let (schema, parseDiagnostics) = SchemaParser().parse(files: files)
        return try generate(schema, parseDiagnostics: parseDiagnostics, imports: imports)
    }

    private static func generate(_ schema: Schema, parseDiagnostics: [SchemaDiagnostic], imports: [String]) throws -> [GeneratedFile] {
        // Validation of a half-parsed schema would report follow-on errors; show the parse errors alone.
        guard parseDiagnostics.isEmpty else { throw SchemaError(parseDiagnostics) }
        let diagnostics = SchemaValidator().validate(schema)
        guard diagnostics.isEmpty else { throw SchemaError(diagnostics) }
        return DocumentRenderer(imports: imports).render(schema)
    }
}

import Foundation

/// The whole pipeline: parse the schema, resolve its Swift names and types, validate it, render
/// Swift. Any diagnostic stops it before anything is rendered.
public enum Generation {
    /// The Swift files for the schema folder, each importing `imports`.
    public static func generate(schemaDirectory: URL, imports: [String] = ["ClerkWire"]) throws -> [GeneratedFile] {
        let (schema, parseDiagnostics) = try SchemaParser().parse(directory: schemaDirectory)
        return try generate(schema, parseDiagnostics: parseDiagnostics, imports: imports)
    }

    /// The Swift files for schema documents given as (relative path, contents).
    public static func generate(files: [(path: String, contents: Data)], imports: [String] = ["ClerkWire"]) throws -> [GeneratedFile] {
        let (schema, parseDiagnostics) = SchemaParser().parse(files: files)
        return try generate(schema, parseDiagnostics: parseDiagnostics, imports: imports)
    }

    /// The resolved schema, or the problems that keep it from being rendered.
    private static func resolve(_ schema: Schema) throws(SchemaError) -> ResolvedSchema {
        let (resolved, resolveDiagnostics) = SchemaResolver().resolve(schema)
        let diagnostics = resolveDiagnostics + SchemaValidator().validate(resolved)
        guard diagnostics.isEmpty else { throw SchemaError(diagnostics) }
        return resolved
    }

    private static func generate(_ schema: Schema, parseDiagnostics: [SchemaDiagnostic], imports: [String]) throws -> [GeneratedFile] {
        // Resolving a half-parsed schema would report follow-on errors; show the parse errors alone.
        guard parseDiagnostics.isEmpty else { throw SchemaError(parseDiagnostics) }
        return DocumentRenderer(imports: imports).render(try resolve(schema))
    }
}

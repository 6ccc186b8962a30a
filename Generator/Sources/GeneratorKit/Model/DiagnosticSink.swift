/// Collects the diagnostics of a stage (parse, resolve, validate) instead of stopping at the first.
final class DiagnosticSink {
    private(set) var diagnostics: [SchemaDiagnostic] = []

    func report(_ location: SchemaLocation, _ message: String) {
        diagnostics.append(SchemaDiagnostic(location, message))
    }
}

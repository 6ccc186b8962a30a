import Foundation

/// One run of `schema-drift`: compare, print in the format asked, apply the additive changes when
/// asked, and tell the exit status `--fail-on` calls for.
public struct DriftRun: Sendable {
    public var specFile: URL
    public var errorsFile: URL?
    public var schemaDirectory: URL
    public var format: ReportFormat
    public var failOn: FailThreshold
    public var apply: Bool

    /// A run; `--fail-on` defaults to ERR.
    public init(
        specFile: URL, errorsFile: URL?, schemaDirectory: URL, format: ReportFormat = .text, failOn: FailThreshold = .level(.error), apply: Bool = false
    ) {
        self.specFile = specFile
        self.errorsFile = errorsFile
        self.schemaDirectory = schemaDirectory
        self.format = format
        self.failOn = failOn
        self.apply = apply
    }

    /// What a run printed and the exit status it ends with.
    public struct Outcome: Sendable {
        public var report: DriftReport
        /// The report in the format asked, then what `--apply` wrote.
        public var output: String
        /// 0, or 1 when a change reaches the `--fail-on` level.
        public var exitStatus: Int32
    }

    /// Runs the comparison (and `--apply`).
    public func run() throws(DriftFailure) -> Outcome {
        let report = try SchemaDrift.compare(schemaDirectory: schemaDirectory, specFile: specFile, errorsFile: errorsFile)
        var output = format.render(report)
        if apply {
            let additions = report.additions
            let files = try SchemaApplier(schemaDirectory: schemaDirectory).apply(additions)
            let left = report.changes.filter { $0.level != .info }.count
            let note =
                "Applied \(additions.count) additive change\(additions.count == 1 ? "" : "s") to \(files.isEmpty ? "no file" : files.joined(separator: ", ")); \(left) ERR/WARN change\(left == 1 ? "" : "s") left for a maintainer. Now run `swift run Generator`."
            // JSON output stays one JSON document: the note goes to standard error then.
            if format == .json {
                FileHandle.standardError.write(Data((note + "\n").utf8))
            } else {
                output += "\n\n" + note
            }
        }
        return Outcome(report: report, output: output, exitStatus: failOn.fails(report.changes) ? 1 : 0)
    }
}

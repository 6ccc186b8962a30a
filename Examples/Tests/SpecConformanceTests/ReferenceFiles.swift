import Foundation
import Yams

/// Clerk's Frontend API spec, which the project does not commit: `CLERK_FAPI_SPEC` names the file
/// (`scripts/test` sets it when the reference files are beside the checkout). Without it the tests report
/// themselves skipped.
enum ReferenceFiles {
    static let specURL: URL? = ProcessInfo.processInfo.environment["CLERK_FAPI_SPEC"].map(URL.init(fileURLWithPath:))

    static var isPresent: Bool { specURL.map { FileManager.default.fileExists(atPath: $0.path) } ?? false }

    /// The spec's component schemas, parsed once.
    static var schemas: [String: Any]? { ParsedSpec.shared?.schemas }
}

/// The parsed spec. Its dictionary is never mutated after parsing, which is what makes
/// sharing it across test tasks safe.
final class ParsedSpec: @unchecked Sendable {
    let schemas: [String: Any]

    private init(schemas: [String: Any]) {
        self.schemas = schemas
    }

    static let shared: ParsedSpec? = {
        guard ReferenceFiles.isPresent, let url = ReferenceFiles.specURL, let text = try? String(contentsOf: url, encoding: .utf8),
            let spec = try? Yams.load(yaml: text) as? [String: Any],
            let components = spec["components"] as? [String: Any],
            let schemas = components["schemas"] as? [String: Any]
        else { return nil }
        return ParsedSpec(schemas: schemas)
    }()
}

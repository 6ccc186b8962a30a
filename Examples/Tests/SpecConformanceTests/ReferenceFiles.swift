import Foundation
import Yams

/// The reference files in `../shared/reference/`, which the project does not commit.
enum ReferenceFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/reference")
    static let specURL = directory.appendingPathComponent("fapi-2026-05-12.yml")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: specURL.path) }

    /// The spec's component schemas, parsed once.
    static var schemas: [String: Any]? { ParsedSpec.shared?.schemas }

    static let absenceNote = "did not run: \(specURL.path) is absent (the reference files live in ../shared, present in CI)"
}

/// The parsed spec. Its dictionary is never mutated after parsing, which is what makes
/// sharing it across test tasks safe.
final class ParsedSpec: @unchecked Sendable {
    let schemas: [String: Any]

    private init(schemas: [String: Any]) {
        self.schemas = schemas
    }

    static let shared: ParsedSpec? = {
        guard ReferenceFiles.isPresent, let text = try? String(contentsOf: ReferenceFiles.specURL, encoding: .utf8),
            let spec = try? Yams.load(yaml: text) as? [String: Any],
            let components = spec["components"] as? [String: Any],
            let schemas = components["schemas"] as? [String: Any]
        else { return nil }
        return ParsedSpec(schemas: schemas)
    }()
}

import Foundation

@testable import SchemaDriftKit

/// The repository's files and Clerk's reference files the tests read. The spec is not committed:
/// `CLERK_FAPI_SPEC` names it (scripts/test sets it), else `../shared/reference/` beside the repository.
enum ReferenceFiles {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..").standardizedFileURL
    static let schemaDirectory = repository.appendingPathComponent("Schema")
    static let referenceDirectory = repository.appendingPathComponent("../shared/reference").standardizedFileURL

    static let specURL: URL =
        ProcessInfo.processInfo.environment["CLERK_FAPI_SPEC"].map(URL.init(fileURLWithPath:))
        ?? referenceDirectory.appendingPathComponent("fapi-2026-05-12.yml")
    static let catalogueURL = specURL.deletingLastPathComponent().appendingPathComponent("api_errors.json")

    static var present: Bool {
        FileManager.default.fileExists(atPath: specURL.path) && FileManager.default.fileExists(atPath: catalogueURL.path)
    }

    /// The real spec, read once; variants edit copies of its document.
    static let spec: SpecDocument? = try? SpecDocument(contentsOf: specURL)

    static let catalogue: [CatalogueEntry] = (try? Data(contentsOf: catalogueURL)).flatMap { try? CatalogueEntry.catalogue(from: $0) } ?? []

    static let schema = try? SchemaDrift.loadSchema(schemaDirectory)
    static let extensions = try? ExtensionList(schemaDirectory: schemaDirectory)
}

import Foundation

/// Folders of the package, found from this file so tests run from any working directory.
enum Paths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtureSchema = packageRoot.appendingPathComponent("Tests/GeneratorTests/Fixtures/Schema")
    static let goldenOutput = packageRoot.appendingPathComponent("Tests/GeneratorGoldenTests/Generated")
    static let realSchema = packageRoot.appendingPathComponent("Schema")
    static let realOutput = packageRoot.appendingPathComponent("Sources/ClerkAPI/Generated")

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("generator-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-clerk-api [--check]`:
/// runs the Generator on this package's Schema/ and writes Sources/ClerkAPI/Generated.
@main
struct GenerateClerkAPI: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let generator = try context.tool(named: "Generator")
        let process = Process()
        process.executableURL = generator.url
        process.currentDirectoryURL = context.package.directoryURL
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("Generator failed with exit code \(process.terminationStatus)")
            return
        }
    }
}

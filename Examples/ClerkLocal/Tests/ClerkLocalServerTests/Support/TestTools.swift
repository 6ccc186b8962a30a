import ClerkLocalTesting
import Foundation
import Testing

/// Tools outside Swift that some suites drive. `scripts/test` provides them (`scripts/test-tools`:
/// Debian packages, and the pinned Python tools in `.build-tools/venv`, first on PATH); a suite whose
/// tool is missing is skipped, with one line saying what it needs.
enum TestTools {
    /// Whether the `python3` first on PATH imports every one of `modules`.
    static func pythonImports(_ modules: String...) -> Bool {
        succeeds(["python3", "-c", modules.map { "import \($0)" }.joined(separator: "; ")])
    }

    /// Whether headless Chromium can be driven: chromium-driver and Python's selenium.
    static var browser: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") && pythonImports("selenium")
    }

    /// What a skipped suite says: the tool, and how to get it.
    static func missing(_ tool: String) -> Comment {
        Comment(rawValue: "\(tool) is not installed (scripts/test installs it; see scripts/test-tools)")
    }

    private static func succeeds(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.launchSerialized()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

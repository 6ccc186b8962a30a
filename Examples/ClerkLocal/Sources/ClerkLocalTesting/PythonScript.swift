import Foundation

/// `python3 -c` with arguments: the first `python3` on PATH (scripts/test-tools' virtual environment), for tests
/// that check the emulator and the examples against Python implementations.
public enum PythonScript {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs on a thread of its own: the script may talk to a server in this process, whose
    /// handlers need the cooperative pool that a blocking wait would hold.
    public static func run(_ script: String, _ arguments: String...) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runBlocking(script, arguments) })
            }
        }
    }

    /// Whether `python3` can import each of `modules`.
    public static func canImport(_ modules: String...) -> Bool {
        (try? runBlocking("import " + modules.joined(separator: ", "), [])) != nil
    }

    private static func runBlocking(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.launchSerialized()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: problem.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

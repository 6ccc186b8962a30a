import ClerkLocalTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tmpfs of a few MiB, mounted for one test and unmounted after it whatever happens (needs root).
enum SmallDisk {
    static let isAvailable: Bool = {
        #if os(Linux)
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
        #else
            false
        #endif
    }()

    static func with(mebibytes: Int, _ body: (URL) async throws -> Void) async throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        try run("/bin/mount", "-t", "tmpfs", "-o", "size=\(mebibytes)m", "tmpfs", mountPoint.path)
        do {
            try await body(mountPoint)
            try run("/bin/umount", mountPoint.path)
        } catch {
            try? run("/bin/umount", "-l", mountPoint.path)
            throw error
        }
    }

    /// Fills `file` with `bytes` zero bytes (a file to delete to free that much room).
    static func fill(_ file: URL, bytes: Int) throws {
        try Data(count: bytes).write(to: file)
    }

    private struct CommandFailed: Error, CustomStringConvertible {
        let description: String
    }

    private static func run(_ tool: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.launchSerialized()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CommandFailed(description: "\(tool) \(arguments.joined(separator: " ")) failed") }
    }
}

import ClerkLocalCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clerk-local` started as a developer starts it, in a process of its own, its output collected as
/// it comes: for tests of an app against a separately started emulator, and of the command itself.
///
/// The binary is the one `swift build` put beside the running tests (depend on the `clerk-local`
/// product's target, or build it first), or the one `CLERK_LOCAL_BINARY` names.
public final class ClerkLocalProcess: Sendable {
    private let process: Process
    private let out = LockedValue(Data())
    private let err = LockedValue(Data())
    /// How many of the two pipes have reached their end.
    private let closedPipes = LockedValue(0)

    /// Runs in `directory` (a new temporary one by default), where the default data directory goes.
    public init(_ arguments: [String], in directory: URL? = nil) throws {
        guard let binary = Self.binary else { throw ClerkLocalProcessError.binaryNotFound }
        let workingDirectory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        for (pipe, box) in [(stdout, out), (stderr, err)] {
            pipe.fileHandleForReading.readabilityHandler = { [closedPipes] handle in
                let data = handle.availableData
                if data.isEmpty {
                    handle.readabilityHandler = nil
                    closedPipes.withLockedValue { $0 += 1 }
                } else {
                    box.withLockedValue { $0.append(data) }
                }
            }
        }
        try process.launchSerialized()
    }

    public var stdout: String { String(decoding: out.withLockedValue { $0 }, as: UTF8.self) }
    public var stderr: String { String(decoding: err.withLockedValue { $0 }, as: UTF8.self) }

    /// The banner, once printed in full (waited for on a thread of its own, leaving the cooperative
    /// pool to the test's other work).
    public func ready() async throws -> String {
        try await OwnThread.run { try self.banner() }
    }

    /// The banner, once printed in full (blocks the calling thread while it waits).
    public func banner() throws -> String {
        try wait("the banner") { stdout.contains("accept code 424242.") }
        return stdout
    }

    /// The Frontend API URL the banner names.
    public var baseURL: String? {
        stdout.split(separator: "\n").first { $0.hasPrefix("clerk-local: Frontend API at ") }
            .map { String($0.dropFirst("clerk-local: Frontend API at ".count)) }
    }

    /// The first `count` request log lines, once there are that many.
    public func logLines(count: Int) throws -> [String] {
        let lines = { self.stderr.split(separator: "\n").map(String.init).filter { $0.contains("[ClerkLocalServer] ") } }
        try wait("\(count) request log lines") { lines().count >= count }
        return Array(lines().prefix(count))
    }

    /// Waits for the process to end and its last output to reach the readability handlers.
    public func waitUntilExit() {
        process.waitUntilExit()
        var waits = 0
        while closedPipes.withLockedValue({ $0 }) < 2, waits < 250 {
            Thread.sleep(forTimeInterval: 0.02)
            waits += 1
        }
    }

    /// Kills the server at once (SIGKILL: no shutdown of any kind) and waits for it.
    public func kill() {
        #if canImport(Glibc)
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        #elseif canImport(Darwin)
            _ = Darwin.kill(process.processIdentifier, SIGKILL)
        #endif
        waitUntilExit()
    }

    /// Waits on a thread of its own, leaving the cooperative pool to the test's other work.
    public func exited() async {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                self.waitUntilExit()
                continuation.resume()
            }
        }
    }

    public var terminationStatus: Int32 { process.terminationStatus }

    /// Stops the server (SIGTERM: a graceful shutdown) and waits for it.
    public func stop() {
        if process.isRunning { process.terminate() }
        waitUntilExit()
    }

    /// Polls for `condition`; a server that never gets there fails the test instead of hanging it.
    private func wait(_ what: String, until condition: () -> Bool) throws {
        for _ in 0..<600 {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ClerkLocalProcessError.timedOut(waitingFor: what, stdout: stdout, stderr: stderr)
    }
}

extension ClerkLocalProcess {
    /// `CLERK_LOCAL_BINARY`, else `clerk-local` beside the running executable or test bundle.
    package static var binary: URL? {
        if let path = ProcessInfo.processInfo.environment["CLERK_LOCAL_BINARY"] { return URL(fileURLWithPath: path) }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("clerk-local") }.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}

/// Why a `ClerkLocalProcess` did not start or did not get where a test waited for it.
public enum ClerkLocalProcessError: Error, CustomStringConvertible {
    case binaryNotFound
    case timedOut(waitingFor: String, stdout: String, stderr: String)

    public var description: String {
        switch self {
        case .binaryNotFound:
            "clerk-local is not built beside the tests (build the clerk-local product, or set CLERK_LOCAL_BINARY)"
        case .timedOut(let what, let stdout, let stderr):
            "clerk-local never showed \(what); stdout: \(stdout) stderr: \(stderr)"
        }
    }
}

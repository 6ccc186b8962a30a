import Foundation
import NIOConcurrencyHelpers
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clerk-local` started as a developer starts it, its output collected as it comes.
final class ClerkLocalProcess: Sendable {
    private let process: Process
    private let out = NIOLockedValueBox(Data())
    private let err = NIOLockedValueBox(Data())
    /// How many of the two pipes have reached their end.
    private let closedPipes = NIOLockedValueBox(0)

    /// Runs in `directory` (a new temporary one by default), where the default data directory goes.
    init(_ arguments: [String], in directory: URL? = nil) throws {
        let binary = try #require(BuiltProduct.url(named: "clerk-local"), "clerk-local is built beside the tests")
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
        try process.run()
    }

    var stdout: String { String(decoding: out.withLockedValue { $0 }, as: UTF8.self) }
    var stderr: String { String(decoding: err.withLockedValue { $0 }, as: UTF8.self) }

    /// The banner, once printed in full.
    func banner() throws -> String {
        try wait("the banner") { stdout.contains("accept code 424242.") }
        return stdout
    }

    /// The Frontend API URL the banner names.
    var baseURL: String? {
        stdout.split(separator: "\n").first { $0.hasPrefix("clerk-local: Frontend API at ") }
            .map { String($0.dropFirst("clerk-local: Frontend API at ".count)) }
    }

    /// The first `count` request log lines, once there are that many.
    func logLines(count: Int) throws -> [String] {
        let lines = { self.stderr.split(separator: "\n").map(String.init).filter { $0.contains("[ClerkLocalServer] ") } }
        try wait("\(count) request log lines") { lines().count >= count }
        return Array(lines().prefix(count))
    }

    /// Waits for the process to end and its last output to reach the readability handlers.
    func waitUntilExit() {
        process.waitUntilExit()
        var waits = 0
        while closedPipes.withLockedValue({ $0 }) < 2, waits < 250 {
            Thread.sleep(forTimeInterval: 0.02)
            waits += 1
        }
    }

    /// Kills the server at once (SIGKILL: no shutdown of any kind) and waits for it.
    func kill() {
        #if canImport(Glibc)
            _ = Glibc.kill(process.processIdentifier, SIGKILL)
        #elseif canImport(Darwin)
            _ = Darwin.kill(process.processIdentifier, SIGKILL)
        #endif
        waitUntilExit()
    }

    /// Waits on a thread of its own, leaving the cooperative pool to the test's other work.
    func exited() async {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                self.waitUntilExit()
                continuation.resume()
            }
        }
    }

    var terminationStatus: Int32 { process.terminationStatus }

    /// Stops the server (SIGTERM: a graceful shutdown) and waits for it.
    func stop() {
        if process.isRunning { process.terminate() }
        waitUntilExit()
    }

    /// Polls for `condition`; a server that never gets there fails the test instead of hanging it.
    private func wait(_ what: String, until condition: () -> Bool) throws {
        for _ in 0..<600 {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("clerk-local never showed \(what); stdout: \(stdout) stderr: \(stderr)")
        throw CancellationError()
    }
}

/// Runs a command line as printed, through the shell.
enum Shell {
    static func run(_ line: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(line) exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}

/// Plain HTTP requests, as curl or a developer's tool would send them.
enum HTTP {
    struct Answer {
        var status: Int
        /// Header fields by lowercased name.
        var headers: [String: String]
        var body: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    static func send(
        _ method: String, _ url: String, contentType: String? = nil, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }
}

/// Blocking work (waiting for a process, polling its output) on a thread of its own, so that it holds
/// no thread of the cooperative pool the other tests run on.
enum OwnThread {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}

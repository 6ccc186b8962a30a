import ClerkLocalTesting
import Foundation
import Testing

/// `clerk-local` refusing a data directory it cannot use says why and what to do, and leaves the
/// path as it was.
@Suite("clerk-local: a data directory refused")
struct ClerkLocalDataDirectoryRefusalTests {
    @Test("--data-dir naming a file: refused as not a directory; the file is not made private or changed")
    func dataDirectoryIsAFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-file-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("notes\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)

        let server = try ClerkLocalProcess(["--port", "0", "--data-dir", file.path])
        await server.exited()
        #expect(server.terminationStatus != 0)
        #expect(server.stderr.contains("\(file.path) is not a directory"), "\(server.stderr)")
        #expect(!server.stderr.contains("now 0700"), "\(server.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o644)
        #expect(try Data(contentsOf: file) == Data("notes\n".utf8))
    }

    @Test("A damaged state.sqlite: refused at start naming the directory, the last export and --ephemeral; no file written")
    func damagedDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try ClerkLocalProcess(["--port", "0", "--quiet", "--data-dir", directory.path])
        _ = try first.banner()
        first.stop()
        let database = directory.appendingPathComponent("state.sqlite")
        var bytes = try Data(contentsOf: database)
        bytes.replaceSubrange(0..<100, with: Data(repeating: 0x5A, count: 100))
        try bytes.write(to: database)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()

        let second = try ClerkLocalProcess(["--port", "0", "--data-dir", directory.path])
        await second.exited()
        #expect(second.terminationStatus != 0)
        #expect(second.stderr.contains("the database in \(directory.path) is damaged"), "\(second.stderr)")
        #expect(second.stderr.contains("--ephemeral") && second.stderr.contains("clerk-local export"), "\(second.stderr)")
        #expect(try Data(contentsOf: database) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == names, "no log or index was created")
    }
}

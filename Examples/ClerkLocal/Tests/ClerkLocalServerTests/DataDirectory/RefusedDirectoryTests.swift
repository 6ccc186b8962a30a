import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// A data directory that cannot be used is refused before anything in it is touched: a file named
/// as the directory keeps its mode, a damaged database keeps every byte.
@Suite("Data directory: refused, and left as it was")
struct RefusedDirectoryTests {
    @Test("A --data-dir that names a file is refused, and the file keeps its mode and bytes")
    func fileIsNotADirectory() async throws {
        let path = DataDirectoryFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: path) }
        try Data("notes\n".utf8).write(to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path.path)

        await #expect { _ = try await SQLiteStorage(directory: path) } throws: { error in
            (error as? LocalServerError)?.code == "data_directory_unusable" && "\(error)".contains("not a directory")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions] as? Int == 0o644)
        #expect(try Data(contentsOf: path) == Data("notes\n".utf8))
    }

    /// A directory whose database (70 users, stopped cleanly) has `damage` done to its file.
    static func damagedDirectory(_ damage: (inout Data) -> Void) async throws -> URL {
        let directory = DataDirectoryFiles.temporaryDirectory()
        let storage = try await SQLiteStorage(directory: directory)
        try await DataDirectoryFiles.writeUsers(70, to: storage)
        await storage.close()
        let file = directory.appendingPathComponent(SQLiteStorage.fileName)
        var bytes = try Data(contentsOf: file)
        damage(&bytes)
        try bytes.write(to: file)
        return directory
    }

    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test(
        "A damaged database is refused at start, naming the directory and the ways on; every file keeps its bytes",
        arguments: ["header", "a page of records"])
    func damagedDatabase(_ place: String) async throws {
        let directory = try await Self.damagedDirectory { bytes in
            // The header (page 1 holds the schema), or the second half of the file (the records' pages).
            let range = place == "header" ? 0..<4_096 : (bytes.count / 2 / 4_096 * 4_096)..<(bytes.count / 2 / 4_096 * 4_096 + 4_096)
            bytes.replaceSubrange(range, with: Self.randomBytes(4_096))
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try DataDirectoryFiles.contents(of: directory)

        await #expect { _ = try await SQLiteStorage(directory: directory) } throws: { error in
            guard let error = error as? LocalServerError, error.code == "data_directory_damaged" else { return false }
            return error.message.contains(directory.path) && error.message.contains("--ephemeral") && error.message.contains("export")
        }
        #expect(try DataDirectoryFiles.contents(of: directory) == before, "no file was written, created or removed")
    }

    @Test("A sound database passes the check and opens")
    func soundDatabase() async throws {
        let directory = try await Self.damagedDirectory { _ in }
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try await SQLiteStorage(directory: directory)
        #expect(try await storage.load().users.count == 70)
        await storage.close()
    }
}

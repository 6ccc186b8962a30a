import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// A user export is 0600 from the moment it exists, whatever the umask: it holds every digest and
/// TOTP secret.
@Suite("Persistence: a private file is never readable by others")
struct PrivateFileTests {
    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("Written 0600 before it takes the file's place, and replacing an older file")
    func privateFromTheStart() throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("users.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        var seen: [String: Int] = [:]
        try PrivateFile.write(Data("secrets".utf8), to: path) { temporary in
            seen[temporary] = try? Self.mode(temporary)
            #expect(FileManager.default.contents(atPath: temporary) == Data("secrets".utf8))
        }
        #expect(seen.count == 1 && seen.values.allSatisfy { $0 == 0o600 }, "\(seen)")
        #expect(try Self.mode(path) == 0o600)
        #expect(FileManager.default.contents(atPath: path) == Data("secrets".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["users.json"], "no temporary file left")
    }

    @Test("A file that cannot be written is refused, leaving nothing behind")
    func unwritable() throws {
        let missing = SQLiteStorageTests.temporaryDirectory().appendingPathComponent("users.json").path
        #expect(throws: LocalServerError.self) { try PrivateFile.write(Data("x".utf8), to: missing) }
    }
}

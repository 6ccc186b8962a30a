import ClerkSoftwarePasskey
import Foundation
import Testing

/// The file store: owner-only from the first byte, refused when loose, and a round trip of every field.
@Suite("ClerkSoftwarePasskey: the file store")
struct FilePasskeyStoreTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-\(UUID().uuidString)")
        return folder.appendingPathComponent("keys").appendingPathComponent("passkeys.json")
    }

    static func mode(_ url: URL) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    static let sample = SoftwarePasskey(
        credentialID: Data([1, 2, 3]), relyingPartyID: "localhost", userHandle: Data([9, 8]), privateKey: Data(repeating: 7, count: 32),
        signCount: 41)

    @Test("A save writes mode 0600 in a folder of mode 0700, and a load reads back every field")
    func roundTrip() throws {
        let url = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let store = FilePasskeyStore(url: url)
        #expect(try store.load() == [], "no file: no passkeys")
        try store.save([Self.sample])
        #expect(try Self.mode(url) == 0o600)
        #expect(try Self.mode(url.deletingLastPathComponent()) == 0o700)
        #expect(try store.load() == [Self.sample])
        try store.save([Self.sample, Self.sample])
        #expect(try Self.mode(url) == 0o600, "a replaced file is owner-only too")
        #expect(try store.load().count == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(leftovers == ["passkeys.json"], "no temporary file is left")
    }

    @Test("A file the group or others may read or write is refused, and so is an authenticator over it")
    func loosePermissions() throws {
        let url = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        let store = FilePasskeyStore(url: url)
        try store.save([Self.sample])
        for loose in [0o644, 0o640, 0o602] {
            try FileManager.default.setAttributes([.posixPermissions: loose], ofItemAtPath: url.path)
            #expect(throws: FilePasskeyStore.Failure.insecurePermissions(path: url.path, mode: loose)) { try store.load() }
            #expect(throws: FilePasskeyStore.Failure.self) { try SoftwarePasskeyAuthenticator(store: store) }
        }
    }

    @Test("A file that is not a list of passkeys is refused as unreadable")
    func unreadable() throws {
        let url = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data("{\"not\": \"passkeys\"}".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(throws: FilePasskeyStore.Failure.unreadable(path: url.path)) { try FilePasskeyStore(url: url).load() }
    }

    @Test("A passkey's description names its relying party, never its key")
    func description() {
        let text = "\(Self.sample)"
        #expect(text.contains("localhost"))
        #expect(!text.contains(Self.sample.privateKey.base64EncodedString()))
    }
}

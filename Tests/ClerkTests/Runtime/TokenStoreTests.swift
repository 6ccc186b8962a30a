import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Token storage")
struct TokenStoreTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("the in-memory store keeps and clears the token")
    func inMemory() throws {
        let store = InMemoryTokenStore()
        #expect(try store.loadToken() == nil)
        try store.saveToken("a")
        #expect(try store.loadToken() == "a")
        try store.saveToken(nil)
        #expect(try store.loadToken() == nil)
    }

    @Test("the file store writes 0600 files atomically, reads them back and removes them")
    func fileStore() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("nested/token")
        let store = FileTokenStore(fileURL: file)
        #expect(try store.loadToken() == nil)
        try store.saveToken("client_token_1")
        #expect(try store.loadToken() == "client_token_1")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try store.saveToken("client_token_2")
        #expect(try FileTokenStore(fileURL: file).loadToken() == "client_token_2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["token"])
        try store.saveToken(nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try store.saveToken(nil)
    }

    @Test("a client persists the token it receives into the file store and sends it after a restart")
    func persistsAcrossClients() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(fileURL: directory.appendingPathComponent("token"))
        let configuration = try ClerkConfiguration(frontendAPIURL: Fixture.baseURL)
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let first = ScriptedTransport([.respond(Fixture.envelope(signIn, client: nil, headers: ["Authorization": "persisted_token"]))])
        _ = try await ClerkClient(configuration: configuration, options: .init(transport: first, tokenStore: store)).createSignIn(.init(identifier: "jane"))
        let second = ScriptedTransport([.respond(Fixture.envelope(Optional<ClientResource>.none, client: nil))])
        try await ClerkClient(configuration: configuration, options: .init(transport: second, tokenStore: store)).refresh()
        #expect(first.requests.first?.headers["Authorization"] == nil)
        #expect(second.requests.first?.headers["Authorization"] == "persisted_token")
    }

    @Test("an unwritable location is a configuration error, not a crash")
    func unwritable() {
        let store = FileTokenStore(fileURL: URL(fileURLWithPath: "/proc/clerk-tests/token"))
        #expect(throws: ClerkError.self) { try store.saveToken("x") }
    }
}

import ClerkAPI
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// What a callback proved is held on the sign-in's record, so it is kept in the data directory.
@Suite("OAuth: a callback's result across a restart")
struct OAuthPersistenceTests {
    @Test("A callback answered before a restart: after it, the nonce still completes the sign-in on its own client")
    func heldAcrossRestart() async throws {
        let key = OwnSigningKey(keyID: "restart-key")
        let expected = NIOLockedValueBox(OAuthOutsideProviderTests.Expected())
        let (base, stop) = try await OAuthOutsideProviderTests.serveProvider(key: key, expected: expected)
        defer { stop() }
        let directory = SQLiteStorageTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try await SQLiteStorage(directory: directory)
        let (token, signInID, back) = try await withServer(OAuthOutsideProviderTests.settings(discoveredAt: base), storage: first) { server in
            let (device, started, back, _) = try await OAuthOutsideProviderTests.backFromProvider(through: base, on: server, expected: expected)
            return (device.token, started.id, back)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let device = server.client()
            device.token = token
            let done = try await OAuthBrowser.returnToApp(device, signInID, back: back)
            #expect(try done.signIn.firstFactorVerification?.status == .transferable, "\(String(decoding: done.data, as: UTF8.self))")
        }
        await second.close()
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What only a listening server shows: the port it binds, real HTTP, keep-alive, and shutdown.
@Suite("The server over real sockets")
struct SocketTests {
    @Test("start listens on the port it reports, and its URL and publishable key name that port")
    func listensOnReportedPort() async throws {
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.emailCode.settings)
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        let encoded = String(server.publishableKey.dropFirst("pk_test_".count))
        let padded = encoded + String(repeating: "=", count: (4 - encoded.count % 4) % 4)
        #expect(Data(base64Encoded: padded).map { String(decoding: $0, as: UTF8.self) } == "127.0.0.1:\(server.port)$")

        let answer = try await FAPIClient(connection: .socket(server.baseURL)).send("GET", "/.well-known/jwks.json")
        #expect(answer.status == 200)
        #expect(answer.data == (try server.jwksJSON()))
        await server.shutdown()
    }

    @Test("A port already taken is refused with an error")
    func takenPort() async throws {
        let server = try await LocalFrontendAPI.start()
        await #expect(throws: (any Error).self) {
            let second = try await LocalFrontendAPI.start(port: server.port)
            await second.shutdown()
        }
        await server.shutdown()
    }

    @Test("After shutdown the port no longer answers")
    func shutdownCloses() async throws {
        let server = try await LocalFrontendAPI.start()
        let client = FAPIClient(connection: .socket(server.baseURL))
        #expect(try await client.send("GET", "/v1/environment").status == 200)
        await server.shutdown()
        await #expect(throws: (any Error).self) { try await client.send("GET", "/v1/environment") }
    }

    @Test("One kept-alive connection carries a whole sign-up, the client token riding along")
    func keepAlive() async throws {
        try await withServer(SettingsPreset.emailCode.settings, mode: .live) { server in
            let device = server.client()
            let email = Fixture.testEmail()
            let created = try await device.signUp([("email_address", email)]).signUp
            try await device.signUpAction(created.id, "prepare_verification", [("strategy", "email_code")])
            let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "email_code"), ("code", "424242")]).signUp
            #expect(done.status == .complete)
            let client = try await device.send("GET", "/v1/client").client
            #expect(client?.lastActiveSessionID == done.createdSessionID)
        }
    }
}

import ClerkLocalTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `ClerkLocalTesting`, as a test of an app uses it.
@Suite("The testing product")
struct TestingProductTests {
    struct Stop: Error {}

    @Test("withLocalFrontendAPI shuts the server down however the body ends")
    func shutsDown() async throws {
        let port = try await withLocalFrontendAPI { server in server.port }
        await #expect(throws: (any Error).self) { _ = try await HTTPProbe.get("http://127.0.0.1:\(port)/v1/environment") }
        var thrownFrom: Int?
        do {
            try await withLocalFrontendAPI { server in
                thrownFrom = server.port
                throw Stop()
            }
        } catch is Stop {}
        let failedPort = try #require(thrownFrom)
        await #expect(throws: (any Error).self) { _ = try await HTTPProbe.get("http://127.0.0.1:\(failedPort)/v1/environment") }
    }

    @Test("test identifiers take the fixed code, and code(sentTo:) reads what the server sent")
    func identifiers() async throws {
        let email = TestIdentifiers.email("ada")
        #expect(email.hasPrefix("ada+clerk_test_") && email.hasSuffix("@example.com"))
        #expect(TestIdentifiers.email() != TestIdentifiers.email())
        #expect(TestIdentifierRules.isTestPhone(TestIdentifiers.phoneNumber()))
        try await withLocalFrontendAPI(settings: SettingsPreset.emailCode.settings) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            let device = FAPIClient(connection: .socket(server.baseURL))
            let signIn = try await device.signIn([("identifier", email), ("strategy", "email_code")]).signIn
            #expect(try await server.code(sentTo: email, within: .milliseconds(100)) == nil, "a test address is sent nothing")
            let done = try await device.signInAction(
                signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", TestIdentifiers.code)])
            #expect(try done.signIn.status == .complete)

            let real = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: real))
            _ = try await FAPIClient(connection: .socket(server.baseURL)).signIn([("identifier", real), ("strategy", "email_code")])
            let code = try #require(try await server.code(sentTo: real))
            #expect(code.count == 6 && code != TestIdentifiers.code)
        }
    }
}

/// One GET over a socket, as a client outside the process would send it.
private enum HTTPProbe {
    static func get(_ url: String) async throws -> Int {
        let (_, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

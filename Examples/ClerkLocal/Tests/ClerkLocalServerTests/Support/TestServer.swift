import ClerkAPI
import Foundation
import HummingbirdTesting
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The server's TOTP policy, named apart from HummingbirdOTP's `TOTP`.
typealias LocalTOTP = ClerkLocalServer.TOTP

/// Where a test's requests go.
enum ServerMode {
    /// Straight into the router (HummingbirdTesting's router mode): no socket, the default.
    case router
    /// HummingbirdTesting's live server and its client, which keeps one connection open.
    case live
    /// A real server listening on a free loopback port, for what only real HTTP shows.
    case socket
}

/// The server one test runs against: its state for seeding and reading the outbox, and clients
/// connected to it either way.
struct TestServer: Sendable {
    let core: ServerCore
    let connection: FAPIClient.Connection

    /// The issuer of its tokens, and the origin it falls back to.
    var baseURL: URL { URL(string: core.baseURL)! }

    func client() -> FAPIClient { FAPIClient(connection: connection) }

    func seedUser(_ seed: SeedUser) async throws -> SeededUser {
        try await core.admin.seedUser(seed)
    }

    func outbox(to destination: String? = nil) -> [OutboxMessage] {
        core.outbox.messages(to: destination)
    }

    func latestCode(to destination: String) -> String? {
        core.outbox.latestCode(to: destination)
    }

    func latestLink(to address: String) -> String? {
        core.outbox.latestLink(to: address)
    }
}

/// Builds a server for one test, runs `body` against it, and stops it after. Nil settings: those
/// `storage` kept, else email-password's.
func withServer<T>(
    _ settings: InstanceSettings? = SettingsPreset.emailPassword.settings,
    now: @escaping @Sendable () -> Date = Date.init,
    mode: ServerMode = .router,
    storage: any StateStorage = MemoryStorage(),
    _ body: @Sendable (TestServer) async throws -> T
) async throws -> T {
    switch mode {
    case .router, .live:
        let core = try await LocalFrontendAPI.makeCore(settings: settings, now: now, printsOutbox: false, storage: storage)
        core.baseURL = "http://localhost"
        let application = LocalFrontendAPI.buildApplication(core: core)
        return try await application.test(mode == .router ? .router : .live) { client in
            try await body(TestServer(core: core, connection: .testClient(client)))
        }
    case .socket:
        let server = try await LocalFrontendAPI.start(settings: settings, host: "127.0.0.1", port: 0, now: now)
        do {
            let result = try await body(TestServer(core: server.core, connection: .socket(server.baseURL)))
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }
}

/// Test data.
enum Fixture {
    static let password = "vivid-otter-glides-42"

    static func email(_ name: String = "user") -> String {
        "\(name)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    }

    static func testEmail(_ name: String = "user") -> String {
        "\(name)-\(UUID().uuidString.prefix(8).lowercased())+clerk_test@example.com"
    }
}

extension FAPIClient.Answer {
    var signIn: SignIn {
        get throws { try decode(ClientEnvelope<SignIn, ClientResource>.self).response }
    }

    var signUp: SignUp {
        get throws { try decode(ClientEnvelope<SignUp, ClientResource>.self).response }
    }

    var client: ClientResource? {
        get throws { try decode(ClientEnvelope<JSONValue, ClientResource>.self).client }
    }

    var errorClient: ClientResource? {
        get throws { try decode(ErrorResponse.self).meta?.client }
    }
}

/// Asserts an answer is an error with the given status, code and (if given) parameter.
func expectError(
    _ answer: FAPIClient.Answer, status: Int, code: String, param: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(answer.status == status, "status \(answer.status): \(String(decoding: answer.data, as: UTF8.self))", sourceLocation: sourceLocation)
    let error = answer.error
    #expect(error?.code.rawValue == code, "body: \(String(decoding: answer.data, as: UTF8.self))", sourceLocation: sourceLocation)
    if let param {
        #expect(error?.meta?.paramName == param, sourceLocation: sourceLocation)
    }
    #expect(answer.json["clerk_trace_id"] as? String != nil, sourceLocation: sourceLocation)
}

/// Completes a password sign-up: create, send the email code, verify it from the outbox.
func signUpWithPassword(_ server: TestServer, _ client: FAPIClient, email: String, extra: [(String, String)] = []) async throws -> SignUp {
    let created = try await client.signUp([("email_address", email), ("password", Fixture.password)] + extra)
    #expect(created.status == 200, "\(String(decoding: created.data, as: UTF8.self))")
    let signUp = try created.signUp
    try await client.signUpAction(signUp.id, "prepare_verification", [("strategy", "email_code")])
    let code = try #require(server.latestCode(to: email))
    let verified = try await client.signUpAction(signUp.id, "attempt_verification", [("strategy", "email_code"), ("code", code)])
    return try verified.signUp
}

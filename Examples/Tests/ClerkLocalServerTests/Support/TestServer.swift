import ClerkAPI
@testable import ClerkLocalServer
import Foundation
import Testing

/// The server's TOTP (HummingbirdOTP also has a `TOTP`).
typealias LocalTOTP = ClerkLocalServer.TOTP

/// Starts a server for one test on a free loopback port, and shuts it down after.
func withServer<T>(
    _ settings: InstanceSettings = SettingsPreset.emailPassword.settings,
    clock: any ServerClock = SystemClock(),
    _ body: (RunningServer) async throws -> T
) async throws -> T {
    let server = try await LocalFrontendAPI.start(settings: settings, host: "127.0.0.1", port: 0, clock: clock)
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}

extension RunningServer {
    func client() -> FAPIClient { FAPIClient(baseURL: baseURL) }
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
func signUpWithPassword(_ server: RunningServer, _ client: FAPIClient, email: String, extra: [(String, String)] = []) async throws -> SignUp {
    let created = try await client.signUp([("email_address", email), ("password", Fixture.password)] + extra)
    #expect(created.status == 200, "\(String(decoding: created.data, as: UTF8.self))")
    let signUp = try created.signUp
    try await client.signUpAction(signUp.id, "prepare_verification", [("strategy", "email_code")])
    let code = try #require(server.latestCode(to: email))
    let verified = try await client.signUpAction(signUp.id, "attempt_verification", [("strategy", "email_code"), ("code", code)])
    return try verified.signUp
}

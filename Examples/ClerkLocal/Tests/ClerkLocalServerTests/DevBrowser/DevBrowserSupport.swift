import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A page's script on a Clerk development instance, as Clerk's JavaScript SDK behaves: it asks
/// `POST /v1/dev_browser` for a token, then sends it in the query of every request (`__clerk_db_jwt`,
/// or `__dev_session` as older SDKs did), never an `Authorization` header, and reads none back.
struct DevBrowser {
    let client: FAPIClient
    let token: String
    var parameter = "__clerk_db_jwt"

    /// Email and password, a sign-in finishing in one step on any device (no Client Trust code).
    static let settings: InstanceSettings = {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        return settings
    }()

    /// Creates a browser on `server`, checking the answer's shape.
    static func create(_ server: TestServer, sourceLocation: SourceLocation = #_sourceLocation) async throws -> DevBrowser {
        let client = server.client()
        let answer = try await client.send("POST", "/v1/dev_browser?_clerk_js_version=5.0.0")
        #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(answer.header("Authorization") == nil, sourceLocation: sourceLocation)
        let id = try #require(answer.json["id"] as? String, sourceLocation: sourceLocation)
        #expect(answer.json["token"] as? String == id, sourceLocation: sourceLocation)
        return DevBrowser(client: client, token: id)
    }

    /// The request with the token in the query. An answer carrying `Authorization` fails the test: the
    /// browser would then be known by a token it should never see.
    @discardableResult
    func send(_ method: String, _ path: String, form: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> FAPIClient.Answer
    {
        let separator = path.contains("?") ? "&" : "?"
        let answer = try await client.send(
            method, path + separator + "_clerk_js_version=5.0.0&\(parameter)=\(token)", form: form)
        #expect(answer.header("Authorization") == nil, "\(method) \(path) answered the client's token", sourceLocation: sourceLocation)
        #expect(client.token == nil, sourceLocation: sourceLocation)
        return answer
    }

    /// `GET /v1/client`: the browser's client.
    func currentClient(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ClientResource {
        let answer = try await send("GET", "/v1/client", sourceLocation: sourceLocation)
        #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))", sourceLocation: sourceLocation)
        return try #require(try answer.client, sourceLocation: sourceLocation)
    }

    /// A password sign-up verified with the emailed code, through this browser only.
    func signUp(_ server: TestServer, email: String) async throws -> SignUp {
        let created = try await send("POST", "/v1/client/sign_ups", form: [("email_address", email), ("password", Fixture.password)])
        #expect(created.status == 200, "\(String(decoding: created.data, as: UTF8.self))")
        let id = try created.signUp.id
        try await send("POST", "/v1/client/sign_ups/\(id)/prepare_verification", form: [("strategy", "email_code")])
        let code = try #require(server.latestCode(to: email))
        let verified = try await send("POST", "/v1/client/sign_ups/\(id)/attempt_verification", form: [("strategy", "email_code"), ("code", code)])
        #expect(verified.status == 200, "\(String(decoding: verified.data, as: UTF8.self))")
        return try verified.signUp
    }

    /// A password sign-in through this browser only.
    func signIn(email: String) async throws -> SignIn {
        let answer = try await send("POST", "/v1/client/sign_ins", form: [("identifier", email), ("password", Fixture.password)])
        #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
        return try answer.signIn
    }
}

extension TestServer {
    /// How many clients, sign-ins, sign-ups and users the server holds.
    func recordCounts() async -> [Int] {
        await core.store.read(SessionRules.self) { [$0.clients.count, $0.signIns.count, $0.signUps.count, $0.users.count] }
    }
}

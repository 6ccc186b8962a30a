import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Sign-in tokens: minted by a backend (`POST /bapi/v1/sign_in_tokens`), used once as a `ticket` to
/// sign in, refused when used, revoked or expired, with no state change on a refused request.
@Suite("Sign-in tokens (tickets)")
struct SignInTokenTests {
    private func mint(_ server: TestServer, userID: String, seconds: Int? = nil) async throws -> (id: String, token: String) {
        var body: [String: Any] = ["user_id": userID]
        if let seconds { body["expires_in_seconds"] = seconds }
        let minted = try await server.backend("POST", "/sign_in_tokens", json: body)
        #expect(minted.status == 200, "\(minted.bodyText)")
        #expect(minted.json["object"] as? String == "sign_in_token" && minted.json["status"] as? String == "pending")
        #expect(minted.json["user_id"] as? String == userID)
        return (try #require(minted.json["id"] as? String), try #require(minted.json["token"] as? String))
    }

    private func seeded(_ server: TestServer) async throws -> String {
        try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password)).id
    }

    @Test("a ticket signs in once, in one request; the second use is refused and makes no session")
    func signsInOnce() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let userID = try await seeded(server)
            let (_, token) = try await mint(server, userID: userID)
            let device = server.client()
            let done = try await device.signIn([("strategy", "ticket"), ("ticket", token)])
            let signIn = try done.signIn
            #expect(signIn.status == .complete, "\(done.bodyText)")
            #expect(signIn.firstFactorVerification?.strategy == .ticket)
            #expect(try done.client?.sessions.first?.user?.id == userID)

            let other = server.client()
            let again = try await other.signIn([("strategy", "ticket"), ("ticket", token)])
            expectError(again, status: 400, code: "sign_in_token_already_used_code", param: "ticket")
            #expect(other.token == nil, "a refused ticket makes no client")
            #expect(await server.core.store.read(SessionRules.self) { $0.listSessions() }.filter { $0.userID == userID }.count == 1)
        }
    }

    @Test("a revoked, an expired, an unknown and a missing ticket are refused with Clerk's codes (injected clock)")
    func refusals() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailPassword.settings, now: { clock.now() }) { server in
            let userID = try await seeded(server)
            let revoked = try await mint(server, userID: userID)
            let answer = try await server.backend("POST", "/sign_in_tokens/\(revoked.id)/revoke")
            #expect(answer.json["status"] as? String == "revoked", "\(answer.bodyText)")
            #expect(answer.json["token"] == nil, "the secret is answered once, when minted")
            let twice = try await server.backend("POST", "/sign_in_tokens/\(revoked.id)/revoke")
            #expect(twice.status == 400)
            expectError(
                try await server.client().signIn([("strategy", "ticket"), ("ticket", revoked.token)]), status: 400,
                code: "sign_in_token_revoked_code", param: "ticket")

            let short = try await mint(server, userID: userID, seconds: 60)
            clock.advance(by: .seconds(61))
            expectError(
                try await server.client().signIn([("strategy", "ticket"), ("ticket", short.token)]), status: 400,
                code: "sign_in_token_cannot_be_used_code", param: "ticket")
            expectError(
                try await server.client().signIn([("strategy", "ticket"), ("ticket", "not-a-ticket")]), status: 400,
                code: "ticket_invalid_code", param: "ticket")
            expectError(try await server.client().signIn([("strategy", "ticket")]), status: 422, code: "form_param_missing", param: "ticket")
            #expect(await server.core.store.read(SessionRules.self) { $0.listSessions() }.isEmpty)
        }
    }

    @Test("minting needs an existing user, a sane lifetime, and the secret key")
    func minting() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            #expect(try await server.backend("POST", "/sign_in_tokens", json: ["user_id": "user_missing"]).status == 404)
            let userID = try await seeded(server)
            #expect(try await server.backend("POST", "/sign_in_tokens", json: ["user_id": userID, "expires_in_seconds": 0]).status == 422)
            #expect(try await server.backend("POST", "/sign_in_tokens", json: ["user_id": userID], key: .some(nil)).status == 401)
            #expect(try await server.backend("POST", "/sign_in_tokens/sit_missing/revoke").status == 404)
        }
    }

    @Test("a ticket for a user with a second factor still asks for it")
    func secondFactorStillAsked() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let userID = try await server.seedUser(
                SeedUser(emailAddress: Fixture.email(), password: Fixture.password, generateTOTPSecret: true)
            ).id
            let (_, token) = try await mint(server, userID: userID)
            let signIn = try await server.client().signIn([("strategy", "ticket"), ("ticket", token)]).signIn
            #expect(signIn.status == .needsSecondFactor)
        }
    }
}

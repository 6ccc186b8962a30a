import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Actor tokens (user impersonation): minted by a backend (`POST /bapi/v1/actor_tokens`), used once as
/// a `ticket` to start a session of the user that carries the actor (the session's `actor`, its tokens'
/// `act` claim) and lasts at most the token's session duration; refused when used, revoked or expired,
/// with no state change on a refused request.
@Suite("Actor tokens (impersonation)")
struct ActorTokenTests {
    private func mint(
        _ server: TestServer, userID: String, actor: [String: Any], extra: [String: Any] = [:]
    ) async throws -> (id: String, token: String) {
        let minted = try await server.backend("POST", "/actor_tokens", json: ["user_id": userID, "actor": actor].merging(extra) { $1 })
        #expect(minted.status == 200, "\(minted.bodyText)")
        #expect(minted.json["object"] as? String == "actor_token" && minted.json["status"] as? String == "pending")
        #expect(minted.json["user_id"] as? String == userID)
        #expect((minted.json["actor"] as? [String: Any])?["sub"] as? String == actor["sub"] as? String)
        return (try #require(minted.json["id"] as? String), try #require(minted.json["token"] as? String))
    }

    private func seeded(_ server: TestServer) async throws -> String {
        try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password)).id
    }

    private func sessions(_ server: TestServer, of userID: String) async -> [AdminSession] {
        await server.core.store.read(SessionRules.self) { $0.listSessions() }.filter { $0.userID == userID }
    }

    @Test("the ticket signs in at once as the user; the session and its token carry the actor; it works once")
    func signsInAsTheUser() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.emailPassword.settings, now: { clock.now() }) { server in
            let customer = try await seeded(server)
            let support = try await seeded(server)
            let (id, token) = try await mint(
                server, userID: customer, actor: ["sub": support, "reason": "ticket 42"], extra: ["session_max_duration_in_seconds": 600])
            let device = server.client()
            let done = try await device.signIn([("strategy", "ticket"), ("ticket", token)])
            #expect(try done.signIn.status == .complete, "\(done.bodyText)")
            let session = try #require(try done.client?.sessions.first)
            #expect(session.user?.id == customer)
            #expect(session.actor == .object(["sub": .string(support), "reason": "ticket 42"]))
            #expect(session.expireAt.date == clock.now().addingTimeInterval(600), "the token's session duration, not the instance's")
            let jwt = try #require(session.lastActiveToken?.jwt)
            let act = try #require(try JWTParser.claims(jwt)["act"] as? [String: Any])
            #expect(act["sub"] as? String == support && act["reason"] as? String == "ticket 42")
            #expect(try JWTParser.claims(jwt)["sub"] as? String == customer)

            let listed = try await server.backend("GET", "/sessions?user_id=\(customer)")
            let backendSession = try #require(listed.jsonArray.first)
            #expect((backendSession["actor"] as? [String: Any])?["sub"] as? String == support)
            #expect(await sessions(server, of: customer).map(\.actorID) == [support])

            let other = server.client()
            expectError(
                try await other.signIn([("strategy", "ticket"), ("ticket", token)]), status: 400, code: "actor_token_already_used_code",
                param: "ticket")
            #expect(other.token == nil, "a refused ticket makes no client")
            #expect(await sessions(server, of: customer).count == 1)
            let revoke = try await server.backend("POST", "/actor_tokens/\(id)/revoke")
            #expect(revoke.status == 400 && revoke.bodyText.contains("actor_token_cannot_be_revoked_code"), "\(revoke.bodyText)")
        }
    }

    @Test("the session ends after the token's session duration; the user's own sessions carry no actor")
    func sessionMaxDuration() async throws {
        let clock = ManualClock(now: Date())
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        try await withServer(settings, now: { clock.now() }) { server in
            let email = Fixture.email()
            let customer = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password)).id
            let (_, token) = try await mint(server, userID: customer, actor: ["sub": "user_support"], extra: ["session_max_duration_in_seconds": 120])
            let device = server.client()
            let signIn = try await device.signIn([("strategy", "ticket"), ("ticket", token)]).signIn
            let sessionID = try #require(signIn.createdSessionID)
            #expect(try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens").status == 200)
            clock.advance(by: .seconds(121))
            #expect(try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens").status != 200, "the session expired")
            #expect(await sessions(server, of: customer).first?.status == .expired)

            let own = server.client()
            let mine = try await own.signIn([("identifier", email), ("password", Fixture.password)])
            let ownSession = try #require(try mine.client?.sessions.first)
            #expect(ownSession.actor == nil)
            #expect(ownSession.expireAt.date > clock.now().addingTimeInterval(120), "the instance's session lifetime")
        }
    }

    @Test("a revoked, an expired and an unknown token are refused with Clerk's codes and change nothing")
    func refusals() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailPassword.settings, now: { clock.now() }) { server in
            let customer = try await seeded(server)
            let revoked = try await mint(server, userID: customer, actor: ["sub": "user_support"])
            let answer = try await server.backend("POST", "/actor_tokens/\(revoked.id)/revoke")
            #expect(answer.json["status"] as? String == "revoked", "\(answer.bodyText)")
            #expect(answer.json["token"] == nil, "the secret is answered once, when minted")
            expectError(
                try await server.client().signIn([("strategy", "ticket"), ("ticket", revoked.token)]), status: 400,
                code: "actor_token_revoked_code", param: "ticket")

            let short = try await mint(server, userID: customer, actor: ["sub": "user_support"], extra: ["expires_in_seconds": 60])
            clock.advance(by: .seconds(61))
            let before = await server.core.store.read(BackendAPIRules.self) { $0.users[customer] }
            expectError(
                try await server.client().signIn([("strategy", "ticket"), ("ticket", short.token)]), status: 400,
                code: "actor_token_cannot_be_used_code", param: "ticket")
            expectError(
                try await server.client().signIn([("strategy", "ticket"), ("ticket", "not-an-actor-token")]), status: 400,
                code: "ticket_invalid_code", param: "ticket")
            let after = await server.core.store.read(BackendAPIRules.self) { $0.users[customer] }
            #expect(after?.actorTokens?.map(\.status) == before?.actorTokens?.map(\.status))
            #expect(after?.actorTokens?.map(\.updatedAt) == before?.actorTokens?.map(\.updatedAt))
            #expect(await sessions(server, of: customer).isEmpty)
        }
    }

    @Test("an actor token needs no second factor: the actor proved none of the user's factors")
    func noSecondFactor() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let customer = try await server.seedUser(
                SeedUser(emailAddress: Fixture.email(), password: Fixture.password, generateTOTPSecret: true)
            ).id
            let (_, token) = try await mint(server, userID: customer, actor: ["sub": "user_support"])
            let signIn = try await server.client().signIn([("strategy", "ticket"), ("ticket", token)]).signIn
            #expect(signIn.status == .complete)
        }
    }

    @Test("minting needs an existing user, an actor with a sub, sane durations, and the secret key")
    func minting() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let userID = try await seeded(server)
            func status(_ body: [String: Any]) async throws -> FAPIClient.Answer {
                try await server.backend("POST", "/actor_tokens", json: body)
            }
            #expect(try await status(["user_id": "user_missing", "actor": ["sub": "user_support"]]).status == 404)
            let noActor = try await status(["user_id": userID])
            #expect(noActor.status == 422 && noActor.bodyText.contains("form_param_missing"), "\(noActor.bodyText)")
            let noSub = try await status(["user_id": userID, "actor": ["name": "support"]])
            #expect(noSub.status == 422 && noSub.bodyText.contains("actor.sub"), "\(noSub.bodyText)")
            #expect(try await status(["user_id": userID, "actor": "user_support"]).status == 422)
            #expect(try await status(["user_id": userID, "actor": ["sub": "u"], "expires_in_seconds": 0]).status == 422)
            #expect(try await status(["user_id": userID, "actor": ["sub": "u"], "session_max_duration_in_seconds": -1]).status == 422)
            #expect(try await status(["user_id": userID, "actor": ["sub": "u"], "org_id": "org_1"]).status == 422)
            #expect(try await server.backend("POST", "/actor_tokens", json: ["user_id": userID, "actor": ["sub": "u"]], key: .some(nil)).status == 401)
            #expect(try await server.backend("POST", "/actor_tokens/act_missing/revoke").status == 404)
            #expect(await server.core.store.read(BackendAPIRules.self) { $0.users[userID]?.actorTokens } == nil, "no refused mint kept a token")
        }
    }
}

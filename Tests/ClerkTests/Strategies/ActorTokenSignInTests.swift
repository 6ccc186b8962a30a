import ClerkTesting
import ClerkTicket
import Foundation
import Testing

@testable import Clerk

/// User impersonation: an actor token is a ticket; the session it starts carries the actor
/// (`Session.actor`), and its tokens the `act` claim, which the SDK exposes as `SessionActor`.
@Suite("Actor tokens (impersonation)")
struct ActorTokenSignInTests {
    static let act = #"{"sub":"user_support","reason":"ticket 42"}"#
    static let jwt = SessionFixture.jwt(
        #"{"sid":"sess_1","sub":"user_customer","iat":\#(Int(Date().timeIntervalSince1970)),"exp":\#(Int(Date().timeIntervalSince1970) + 60),"act":\#(act)}"#)

    static func impersonated() -> Session {
        var session = Fixture.session(jwt: jwt)
        session.actor = .object(["sub": "user_support", "reason": "ticket 42"])
        return session
    }

    @Test("an actor token signs in in one request, {strategy: ticket, ticket}; the session and its token name the actor")
    func signIn() async throws {
        let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")
        let harness = Harness([.respond(Fixture.envelope(done, client: Fixture.completedClient(done, session: Self.impersonated())))])
        let (driver, script, _) = try makeDriver(harness, [TicketStrategy()], answers: [])
        let active = try await driver.signIn(ticket: try Ticket("act_tkt_1"))
        #expect(harness.requests.count == 1)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", "act_tkt_1")])
        #expect(script.questions.isEmpty)
        #expect(active.actor?.userID == "user_support")
        #expect(active.actor?.claims["reason"] == "ticket 42")

        let token = try await harness.client.sessionToken()
        #expect(harness.requests.count == 1, "the session's carried token, no request")
        #expect(token.actor?.userID == "user_support")
        #expect(token.actor?.claims == .object(["sub": "user_support", "reason": "ticket 42"]))
    }

    @Test("the user's own session and token have no actor")
    func ownSession() {
        let active = ActiveSession(session: Fixture.session(), neededRequest: false)
        #expect(active.actor == nil)
        let token = SessionToken(jwt: SessionFixture.jwt(issuedAt: Date()), key: SessionTokenKey(sessionID: "sess_1"), receivedAt: Date())
        #expect(token.actor == nil)
    }

    @Test(
        "an actor that is not an object with a string sub is no actor",
        arguments: [JSONValue.null, .string("user_support"), .object([:]), .object(["sub": .integer(1)]), .object(["sub": ""])])
    func malformedActor(value: JSONValue) {
        #expect(SessionActor(value) == nil)
    }

    @Test("an unreadable token has no actor, and throws nothing")
    func unreadableToken() {
        let token = SessionToken(jwt: "not.a-jwt", key: SessionTokenKey(sessionID: "sess_1"), receivedAt: Date())
        #expect(token.actor == nil)
    }

    @Test(
        "a used, revoked or expired actor token is the API's typed error, sent once",
        arguments: [ClerkErrorCode.actorTokenAlreadyUsedCode, .actorTokenRevokedCode, .actorTokenCannotBeUsedCode])
    func refused(code: ClerkErrorCode) async throws {
        let harness = Harness([.respond(Fixture.error(400, code))])
        let error = await clerkError { try await harness.client.signIn(ticket: try Ticket("act_tkt_used")) }
        #expect(error?.code == code)
        #expect(harness.requests.count == 1)
    }
}

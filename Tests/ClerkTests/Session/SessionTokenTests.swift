import Foundation
import Testing

@testable import Clerk

@Suite("Session tokens: reading the expiry", .timeLimit(.minutes(10)))
struct SessionTokenTests {
    let received = Date(timeIntervalSince1970: 1_700_000_000)
    let key = SessionTokenKey(sessionID: "sess_1")

    @Test("exp with iat counts the lifetime from the moment the token arrived")
    func lifetimeFromIssuedAt() {
        // Issued an hour "earlier" by a server whose clock differs: the 60 s lifetime still counts from now.
        let jwt = SessionFixture.jwt(issuedAt: received.addingTimeInterval(-3600), lifetime: 60)
        let token = SessionToken(jwt: jwt, key: key, receivedAt: received)
        #expect(token.expiresAt == received.addingTimeInterval(60))
        #expect(token.uncacheableReason == nil && token.isCacheable)
        #expect(token.isValid(at: received.addingTimeInterval(59)))
        #expect(!token.isValid(at: received.addingTimeInterval(60)))
    }

    @Test(
        "a carried token (issued maybe before it arrived) expires at the earlier of exp and a lifetime from arrival",
        arguments: [
            (issuedAt: -30.0, lifetime: 60, expected: 30.0),  // issued 30 s earlier on a clock that agrees: exp
            (issuedAt: 3600.0, lifetime: 60, expected: 60.0),  // a server clock an hour ahead: the lifetime from now
            (issuedAt: -3600.0, lifetime: 60, expected: nil),  // long expired: not a lifetime afresh
        ])
    func carriedExpiry(issuedAt: Double, lifetime: Int, expected: Double?) throws {
        let jwt = SessionFixture.jwt(issuedAt: received.addingTimeInterval(issuedAt), lifetime: lifetime)
        let carried = try? JWTExpiry.expiration(of: jwt, receivedAt: received, carried: true).get()
        #expect(carried == expected.map { received.addingTimeInterval($0) })
        #expect(try JWTExpiry.expiration(of: jwt, receivedAt: received).get() == received.addingTimeInterval(60))
    }

    @Test("exp alone is the expiry")
    func expiryAlone() {
        let token = SessionToken(jwt: SessionFixture.jwt(#"{"exp":1700000090}"#), key: key, receivedAt: received)
        #expect(token.expiresAt == Date(timeIntervalSince1970: 1_700_000_090))
    }

    @Test(
        "an unreadable expiry is a typed reason and the token is not cacheable",
        arguments: [
            ("only.two", JWTPayloadProblem.notThreeSegments),
            ("a.b.c.d", .notThreeSegments),
            ("eyJhbGciOiJSUzI1NiJ9.not*base64.sig", .payloadNotBase64URL),
            ("eyJhbGciOiJSUzI1NiJ9..sig", .payloadNotBase64URL),
            (SessionFixture.jwt("[1,2]"), .payloadNotJSONObject),
            (SessionFixture.jwt("not json"), .payloadNotJSONObject),
            (SessionFixture.jwt(#"{"sub":"user_1"}"#), .missingExpiry),
            (SessionFixture.jwt(#"{"exp":"tomorrow"}"#), .expiryNotANumber),
            (SessionFixture.jwt(#"{"exp":true}"#), .expiryNotANumber),
            (SessionFixture.jwt(#"{"exp":1600000000}"#), .alreadyExpired),
        ])
    func unreadable(jwt: String, problem: JWTPayloadProblem) {
        let token = SessionToken(jwt: jwt, key: key, receivedAt: received)
        #expect(token.uncacheableReason == problem)
        #expect(token.expiresAt == nil && !token.isCacheable && !token.isValid(at: received))
        #expect(token.jwt == jwt)
    }

    @Test("description, debug description and dump never show the JWT")
    func redacted() {
        let jwt = SessionFixture.jwt(issuedAt: received)
        let token = SessionToken(jwt: jwt, key: SessionTokenKey(sessionID: "sess_1", organizationID: "org_1"), receivedAt: received)
        var dumped = ""
        dump(token, to: &dumped)
        for text in [token.description, token.debugDescription, String(reflecting: token), dumped, "\(token)"] {
            #expect(!text.contains(jwt) && !text.contains(jwt.split(separator: ".")[1]))
        }
        #expect(token.description.contains("sess_1") && token.description.contains("org=org_1"))
        #expect(AuthEvent.tokenRefreshed(token.key, expiresAt: token.expiresAt).description.contains("sess_1"))
    }

    @Test("backoff doubles from the base up to the cap; jitter only shortens it")
    func backoff() {
        let policy = SessionTokenPolicy(backoffBase: .seconds(1), backoffMax: .seconds(5), jitter: 0.5)
        #expect((1...5).map { policy.backoff(afterFailures: $0) } == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        #expect(policy.backoff(afterFailures: 10_000) == .seconds(5))
        #expect(policy.jitteredBackoff(afterFailures: 3, random: 0) == .seconds(4))
        #expect(policy.jitteredBackoff(afterFailures: 3, random: 1) == .seconds(2))
        #expect(policy.jitteredBackoff(afterFailures: 3, random: 7) == .seconds(2))
        #expect(SessionTokenPolicy(jitter: 3).jitter == 1 && SessionTokenPolicy(jitter: -.infinity).jitter == 0)
    }
}

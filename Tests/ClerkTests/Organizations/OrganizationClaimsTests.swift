import ClerkOrganizations
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Organizations: the session token's organization claims")
struct OrganizationClaimsTests {
    /// The example of Clerk's "Session tokens" page: role admin with dashboard:read,
    /// dashboard:manage and teams:read, so `fea` o:dashboard,o:teams, `o.per` manage,read, `o.fpm` 3,2.
    static let documented = SessionFixture.jwt(
        #"{"sid":"sess_1","sub":"user_1","iat":1700000000,"exp":1700000060,"v":2,"fea":"o:dashboard,o:teams","#
            + #""o":{"id":"org_1","slg":"acme","rol":"admin","per":"manage,read","fpm":"3,2"}}"#)

    @Test("the documented example decodes to exactly its three permissions and its role")
    func documentedExample() throws {
        let claims = try #require(try OrganizationClaims(jwt: Self.documented))
        #expect(claims.organizationID == "org_1")
        #expect(claims.slug == "acme")
        #expect(claims.role == "org:admin")
        #expect(claims.permissions == ["org:dashboard:manage", "org:dashboard:read", "org:teams:read"])
        #expect(claims.has(permission: "org:dashboard:read"))
        #expect(claims.has(permission: "org:teams:read"))
        #expect(!claims.has(permission: "org:teams:manage"))
        #expect(!claims.has(permission: "dashboard:read"))
        #expect(claims.has(role: "org:admin") && claims.has(role: "admin"))
        #expect(!claims.has(role: "org:member"))
    }

    @Test("through a session token: has(permission:) and has(role:); a personal-account token has neither")
    func onSessionToken() {
        let token = SessionToken(jwt: Self.documented, key: SessionTokenKey(sessionID: "sess_1"), receivedAt: Date())
        #expect(token.has(permission: "org:dashboard:manage"))
        #expect(token.has(role: "org:admin"))
        let personal = SessionToken(
            jwt: SessionFixture.jwt(issuedAt: Date()), key: SessionTokenKey(sessionID: "sess_1"), receivedAt: Date())
        #expect(personal.organizationClaims == nil)
        #expect(!personal.has(permission: "org:dashboard:manage"))
        #expect(!personal.has(role: "org:admin"))
    }

    @Test("user-scoped features grant no organization permission; `uo` features do; bits past the names grant nothing")
    func scopes() throws {
        let claims = try #require(
            try OrganizationClaims(payload: [
                "fea": "u:billing,uo:reports,o:teams",
                "o": ["id": "org_1", "rol": "org:member", "per": "read,manage", "fpm": "3,1,4"],
            ]))
        #expect(claims.role == "org:member")
        #expect(claims.permissions == ["org:reports:read"])
    }

    @Test("a malformed permission map is a typed error, never a crash")
    func malformed() {
        let wrongCount: [String: Any] = ["fea": "o:teams", "o": ["id": "org_1", "per": "read", "fpm": "1,1"]]
        #expect(throws: ClerkError.self) { try OrganizationClaims(payload: wrongCount) }
        let notANumber: [String: Any] = ["fea": "o:teams", "o": ["id": "org_1", "per": "read", "fpm": "x"]]
        #expect(throws: ClerkError.self) { try OrganizationClaims(payload: notANumber) }
        #expect(throws: ClerkError.self) { try OrganizationClaims(jwt: "not-a-jwt") }
        #expect((try? OrganizationClaims(payload: ["fea": "o:teams"])) == .some(nil))
    }
}

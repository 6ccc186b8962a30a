import ClerkOAuth
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("OAuth: connecting a second provider, on the wire")
struct OAuthConnectCallbackTests {
    /// A browser that lands on the app's redirect URL with a fixed nonce.
    struct LandingBrowser: OAuthRedirectSession {
        let landing: URL

        func redirectURL() async throws(ClerkError) -> URL {
            URL(string: "myapp://oauth-callback")!
        }

        func open(_ url: URL, redirectURL: URL) async throws(ClerkError) -> URL { landing }
    }

    static func apple(_ status: VerificationStatus) -> ExternalAccount {
        var verification = Fixture.verification(.oauthApple, status)
        verification.externalVerificationRedirectURL = status == .unverified ? "https://appleid.example/authorize?state=s1" : nil
        return ExternalAccount(
            id: "eac_1", provider: "oauth_apple", identificationID: "idn_1", providerUserID: status == .verified ? "apple-sub" : "",
            approvedScopes: "", emailAddress: "", firstName: "", lastName: "", publicMetadata: .object([:]),
            createdAt: Fixture.time, updatedAt: Fixture.time, verification: verification)
    }

    @Test("connectExternalAccount reloads the user with exactly the callback's rotating_token_nonce and returns the verified account")
    func reloadsWithNonce() async throws {
        var user = Fixture.user()
        user.externalAccounts = [try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(Self.apple(.verified)))]
        let harness = try await signedInHarness([.respond(Fixture.account(Self.apple(.unverified))), .respond(Fixture.account(user))])
        let landing = try #require(URL(string: "myapp://oauth-callback?rotating_token_nonce=n0nce&state=ignored"))
        let connected = try await harness.client.account().connectExternalAccount(.apple, through: LandingBrowser(landing: landing))
        #expect(connected.id == "eac_1")
        #expect(connected.verification?.status == .verified)
        #expect(harness.accountRequests.count == 2)
        let reload = try #require(harness.accountRequests.last)
        #expect(reload.method == .get)
        #expect(reload.path == "/v1/me")
        let query = OAuthCallbackTests.query(reload)
        #expect(query.filter { $0.name == "rotating_token_nonce" } == [URLQueryItem(name: "rotating_token_nonce", value: "n0nce")])
        #expect(query.contains(URLQueryItem(name: "_clerk_session_id", value: "sess_1")))
        #expect(!query.contains { $0.name == "state" })
    }
}

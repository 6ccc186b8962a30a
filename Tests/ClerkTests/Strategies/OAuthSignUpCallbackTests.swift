import ClerkOAuth
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("OAuth: a sign-up through the browser, on the wire")
struct OAuthSignUpCallbackTests {
    static let provider = "https://accounts.example/authorize?state=s1"
    static let waiting = Fixture.signUp(status: .missingRequirements, emailAddress: nil)

    static func started() -> SignUp {
        var signUp = waiting
        var verification = Fixture.verification(.oauthGoogle)
        verification.externalVerificationRedirectURL = provider
        signUp.verifications.externalAccount = verification
        return signUp
    }

    @Test("signUp(with:) posts the provider's strategy, the redirect URL and the details; the handle gives the provider's page")
    func start() async throws {
        let harness = Harness([.respond(Fixture.envelope(Self.started(), client: Fixture.client(signUp: Self.started())))])
        let redirect = try #require(URL(string: "myapp://oauth-callback"))
        let handle = try await harness.client.signUp(with: .google, redirectURL: redirect, details: SignUpDetails(legalAccepted: true))
        #expect(handle.externalVerificationURL?.absoluteString == Self.provider)
        expectRequest(
            harness.requests.first, .post, "/v1/client/sign_ups",
            form: [("strategy", "oauth_google"), ("redirect_url", "myapp://oauth-callback"), ("legal_accepted", "true")])
    }

    @Test("completeOAuth reads the sign-up again with the callback's rotating_token_nonce; a denial throws oauth_access_denied")
    func complete() async throws {
        var denied = Self.waiting
        var failed = Fixture.verification(.oauthGoogle, .failed)
        failed.error = APIError(message: "denied", longMessage: "denied", code: .oauthAccessDenied)
        denied.verifications.externalAccount = failed
        let done = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(done, client: Fixture.client(signUp: done))),
            .respond(Fixture.envelope(denied, client: Fixture.client(signUp: denied))),
        ])
        let handle = SignUpHandle(client: harness.client, signUp: Self.started())
        let callback = try #require(URL(string: "myapp://oauth-callback?rotating_token_nonce=n0nce"))
        let completed = try await handle.completeOAuth(callbackURL: callback)
        #expect(completed.status == .complete)
        let request = try #require(harness.requests.first)
        #expect(request.method == .get)
        #expect(request.path == "/v1/client/sign_ups/sua_1")
        #expect(OAuthCallbackTests.query(request).contains(URLQueryItem(name: "rotating_token_nonce", value: "n0nce")))

        do {
            _ = try await handle.completeOAuth(callbackURL: callback)
            Issue.record("a failed verification must throw")
        } catch {
            guard case .api(let failure) = error else { throw error }
            #expect(failure.errors.first?.code == .oauthAccessDenied)
        }
    }
}

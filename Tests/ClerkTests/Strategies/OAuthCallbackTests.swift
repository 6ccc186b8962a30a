import ClerkOAuth
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("OAuth: the app's return from the browser")
struct OAuthCallbackTests {
    static let waiting = Fixture.signIn(status: .needsFirstFactor, identifier: nil, first: nil, firstVerification: Fixture.verification(.oauthGoogle))
    static let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")

    static func query(_ request: TransportRequest) -> [URLQueryItem] {
        URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    }

    @Test("completeOAuth reads the sign-in again with the callback's rotating_token_nonce, and nothing else of the callback URL")
    func nonceOnTheWire() async throws {
        let harness = Harness([.respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done)))])
        let callback = try #require(URL(string: "myapp://oauth-callback?other=1&rotating_token_nonce=n0nce_from-callback"))
        let handle = try await SignInHandle(client: harness.client, signIn: Self.waiting).completeOAuth(callbackURL: callback)
        #expect(handle.signIn.status == .complete)
        #expect(harness.requests.count == 1)
        let request = try #require(harness.requests.first)
        #expect(request.method == .get)
        #expect(request.path == "/v1/client/sign_ins/sia_1")
        #expect(Self.query(request).contains(URLQueryItem(name: "rotating_token_nonce", value: "n0nce_from-callback")))
        #expect(!Self.query(request).contains { $0.name == "other" })
    }

    @Test("a callback URL without a nonce reads the sign-in without one, and a still unverified answer is returned as it is")
    func noNonce() async throws {
        let harness = Harness([.respond(Fixture.envelope(Self.waiting, client: Fixture.client(signIn: Self.waiting)))])
        let callback = try #require(URL(string: "myapp://oauth-callback"))
        let handle = try await SignInHandle(client: harness.client, signIn: Self.waiting).completeOAuth(callbackURL: callback)
        #expect(handle.signIn.firstFactorVerification?.status == .unverified)
        let request = try #require(harness.requests.first)
        #expect(!Self.query(request).contains { $0.name == "rotating_token_nonce" })
    }
}

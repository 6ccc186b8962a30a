import ClerkOAuth
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Enterprise SSO: the strategy on the wire")
struct EnterpriseSSOStrategyTests {
    /// A browser that records the page it was sent to and lands on the app's redirect URL with a nonce.
    struct LandingBrowser: OAuthRedirectSession {
        let opened = Recorder<URL>()

        func redirectURL() async throws(ClerkError) -> URL {
            URL(string: "http://127.0.0.1:4711/oauth-callback")!
        }

        func open(_ url: URL, redirectURL: URL) async throws(ClerkError) -> URL {
            opened.append(url)
            return URL(string: redirectURL.absoluteString + "?rotating_token_nonce=n0nce")!
        }
    }

    static let factor = SignInFactor(
        strategy: .enterpriseSSO, safeIdentifier: "ada@acme.test", enterpriseConnectionID: "ent_acme", enterpriseConnectionName: "Acme SSO")
    static let started = Fixture.signIn(status: .needsFirstFactor, identifier: "ada@acme.test", first: [factor])
    static var prepared: SignIn {
        var verification = Fixture.verification(.enterpriseSSO)
        verification.externalVerificationRedirectURL = "https://idp.acme.test/authorize?state=s1"
        return Fixture.signIn(status: .needsFirstFactor, identifier: "ada@acme.test", first: [factor], firstVerification: verification)
    }

    @Test("a known user: create {identifier, strategy}, prepare {strategy, redirect_url}, the provider's page, the reload with the nonce")
    func knownUser() async throws {
        let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(Self.started, client: Fixture.client(signIn: Self.started))),
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let browser = LandingBrowser()
        // The documentation's code (ClerkOAuth's article).
        let session = try await signInWithEnterpriseSSO(clerk: harness.client, workAddress: "ada@acme.test", session: browser)
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 3)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "enterprise_sso"), ("identifier", "ada@acme.test")])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor",
            form: [("strategy", "enterprise_sso"), ("redirect_url", "http://127.0.0.1:4711/oauth-callback")])
        #expect(browser.opened.values == [URL(string: "https://idp.acme.test/authorize?state=s1")!])
        let reload = harness.requests[2]
        #expect(reload.method == .get && reload.path == "/v1/client/sign_ins/sia_1")
        #expect(OAuthCallbackTests.query(reload).contains(URLQueryItem(name: "rotating_token_nonce", value: "n0nce")))
    }

    @Test("a first-time user: the transferable answer becomes a sign-up by transfer")
    func firstTimeUser() async throws {
        let transferable = Fixture.signIn(
            status: .needsIdentifier, identifier: nil, first: nil, firstVerification: Fixture.verification(.enterpriseSSO, .transferable))
        let complete = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(Self.started, client: Fixture.client(signIn: Self.started))),
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .respond(Fixture.envelope(transferable, client: Fixture.client(signIn: transferable))),
            .respond(Fixture.envelope(complete, client: Fixture.client(signUp: complete, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
        let (driver, _, _) = try makeDriver(harness, [EnterpriseSSOStrategy(session: LandingBrowser())], answers: [])
        let session = try await driver.signIn(identifier: "ada@acme.test", strategy: .enterpriseSSO)
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 4)
        expectRequest(harness.requests[3], .post, "/v1/client/sign_ups", form: [("transfer", "true")])
    }

    @Test("the provider refused: the reload's failed verification is thrown as the API's error, nothing more is sent")
    func refused() async throws {
        var failed = Fixture.verification(.enterpriseSSO, .failed)
        failed.error = APIError(message: "mismatch", longMessage: "mismatch", code: .enterpriseSSOEmailAddressDomainMismatch)
        let answered = Fixture.signIn(status: .needsFirstFactor, identifier: "ada@acme.test", first: [Self.factor], firstVerification: failed)
        let harness = Harness([
            .respond(Fixture.envelope(Self.started, client: Fixture.client(signIn: Self.started))),
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .respond(Fixture.envelope(answered, client: Fixture.client(signIn: answered))),
        ])
        let (driver, _, _) = try makeDriver(harness, [EnterpriseSSOStrategy(session: LandingBrowser())], answers: [])
        await #expect {
            _ = try await driver.signIn(identifier: "ada@acme.test", strategy: .enterpriseSSO)
        } throws: { error in
            guard case .api(let failure) = error as? ClerkError else { return false }
            return failure.errors.first?.code == .enterpriseSSOEmailAddressDomainMismatch
        }
        #expect(harness.requests.count == 3)
    }

    @Test("a factor without its connection is not one the strategy acts on")
    func acceptsOnlyNamedConnections() {
        let strategy = EnterpriseSSOStrategy(session: LandingBrowser())
        #expect(strategy.accepts(Self.factor))
        #expect(!strategy.accepts(SignInFactor(strategy: .enterpriseSSO)))
        #expect(!strategy.accepts(SignInFactor(strategy: .oauthGoogle, enterpriseConnectionID: "ent_acme")))
    }
}

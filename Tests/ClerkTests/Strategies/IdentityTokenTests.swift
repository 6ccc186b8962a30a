import ClerkIDToken
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Identity token")
struct IdentityTokenTests {
    static let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")

    @Test("a known user: one request, {strategy: oauth_token_apple, code, token}")
    func knownUser() async throws {
        let harness = Harness([.respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done)))])
        let (driver, _, _) = try makeDriver(harness, [IdentityTokenStrategy(.apple)], answers: [])
        let token = try IdentityToken(.apple, token: "eyJ.apple.token", code: "c_apple_1")
        let session = try await driver.signIn(with: token)
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 1)
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins",
            form: [("strategy", "oauth_token_apple"), ("code", "c_apple_1"), ("token", "eyJ.apple.token")])
    }

    @Test("no matching user: the transferable sign-in becomes a sign-up by transfer, then missing fields are asked")
    func transfer() async throws {
        let transferable = Fixture.signIn(
            status: .needsIdentifier, identifier: nil, first: nil, firstVerification: Fixture.verification(.oauthTokenGoogle, .transferable))
        let missing = Fixture.signUp(status: .missingRequirements, missing: [.legalAccepted])
        let complete = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(transferable, client: Fixture.client(signIn: transferable))),
            .respond(Fixture.envelope(missing, client: Fixture.client(signIn: transferable, signUp: missing))),
            .respond(Fixture.envelope(complete, client: Fixture.client(signUp: complete, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
        var accepted = SignUpDetails()
        accepted.legalAccepted = true
        let (driver, script, events) = try makeDriver(harness, [IdentityTokenStrategy(.google)], answers: [.details(accepted)])
        _ = try await driver.signIn(with: try IdentityToken(.google, token: "eyJ.google.token"))
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "oauth_token_google"), ("token", "eyJ.google.token")])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ups", form: [("transfer", "true")])
        expectRequest(harness.requests[2], .patch, "/v1/client/sign_ups/sua_1", form: [("legal_accepted", "true")])
        #expect(harness.requests.count == 3)
        #expect(script.questions == [.missingFields([.legalAccepted])])
        #expect(events.values.contains(.transferringToSignUp))
    }

    @Test("Google One Tap signs up directly: {strategy: google_one_tap, token}")
    func oneTapSignUp() async throws {
        let complete = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(complete, client: Fixture.client(signUp: complete, sessions: [Fixture.session()], lastActive: "sess_1")))
        ])
        let (driver, _, _) = try makeDriver(harness, [IdentityTokenStrategy(.googleOneTap)], answers: [])
        _ = try await driver.signUp(with: try IdentityToken(.googleOneTap, token: "eyJ.one.tap"))
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ups", form: [("strategy", "google_one_tap"), ("token", "eyJ.one.tap")])
    }

    @Test("Google One Tap through the driver: a new user's external_account_not_found becomes a sign-up with the token")
    func oneTapNewUser() async throws {
        let complete = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.error(404, .externalAccountNotFound)),
            .respond(Fixture.envelope(complete, client: Fixture.client(signUp: complete, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
        let (driver, _, _) = try makeDriver(harness, [IdentityTokenStrategy(.googleOneTap)], answers: [])
        let session = try await driver.signIn(with: try IdentityToken(.googleOneTap, token: "eyJ.one.tap"))
        #expect(session.id == "sess_1")
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "google_one_tap"), ("token", "eyJ.one.tap")])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ups", form: [("strategy", "google_one_tap"), ("token", "eyJ.one.tap")])
        #expect(harness.requests.count == 2)

        // Another provider's external_account_not_found is the error it is.
        let other = Harness([.respond(Fixture.error(404, .externalAccountNotFound))])
        let (appleDriver, _, _) = try makeDriver(other, [IdentityTokenStrategy(.apple)], answers: [])
        let error = await clerkError { try await appleDriver.signIn(with: try IdentityToken(.apple, token: "eyJ.apple")) }
        #expect(error?.code == .externalAccountNotFound)
        #expect(other.requests.count == 1)
    }

    @Test("a refused token is the API's typed error, sent once", arguments: [ClerkErrorCode.googleOneTapTokenInvalid, .oauthTokenExchangeError])
    func refused(code: ClerkErrorCode) async throws {
        let harness = Harness([.respond(Fixture.error(400, code))])
        let error = await clerkError { try await harness.client.signIn(with: try IdentityToken(.googleOneTap, token: "bad")) }
        #expect(error?.code == code)
        #expect(harness.requests.count == 1)
    }

    @Test("tokens are checked before any request and never shown")
    func tokenValue() throws {
        #expect(throws: ClerkError.self) { try IdentityToken(.apple, token: "") }
        #expect(throws: ClerkError.self) { try IdentityToken(.googleOneTap, token: "t", code: "c") }
        let token = try IdentityToken(.apple, token: "secret.id.token", code: "secret_code")
        var dumped = ""
        dump(token, to: &dumped)
        for text in [token.description, token.debugDescription, dumped] {
            #expect(!text.contains("secret"))
        }
        #expect(IdentityProvider.allCases.map(\.strategy) == [.oauthTokenApple, .oauthTokenGoogle, .googleOneTap])
        let registry = try FactorRegistry(IdentityProvider.allCases.map(IdentityTokenStrategy.init))
        #expect(registry.strategies(for: .firstFactor).count == 3)
    }
}

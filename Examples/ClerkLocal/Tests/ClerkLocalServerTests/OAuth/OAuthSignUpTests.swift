import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Browser (OAuth) sign-ups: `POST /v1/client/sign_ups {strategy: oauth_google}` sends the user to
/// the provider; the callback's result takes effect when the owning client reloads the sign-up
/// with the callback's `rotating_token_nonce`.
@Suite("OAuth: browser sign-ups")
struct OAuthSignUpTests {
    /// Starts a browser sign-up with Google: the sign-up and its provider URL.
    static func start(_ device: FAPIClient, _ extra: [(String, String)] = []) async throws -> (SignUp, String) {
        let answer = try await device.signUp([("strategy", "oauth_google"), ("redirect_url", OAuthBrowser.appRedirect)] + extra)
        #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
        let signUp = try answer.signUp
        #expect(signUp.status == .missingRequirements)
        #expect(signUp.verifications.externalAccount?.status == .unverified)
        let url = try #require(signUp.verifications.externalAccount?.externalVerificationRedirectURL)
        return (signUp, url)
    }

    static func returnToApp(_ device: FAPIClient, _ signUpID: String, back: String) async throws -> FAPIClient.Answer {
        let nonce = try #require(OAuthBrowser.query(back)["rotating_token_nonce"])
        return try await device.send("GET", "/v1/client/sign_ups/\(signUpID)?rotating_token_nonce=\(nonce)", operation: "getSignUps")
    }

    /// What a refused reload must leave as it was: the sign-up record, the record counts and the sessions.
    static func observed(_ server: TestServer, _ signUpID: String) async throws -> [Data] {
        try await OAuthBrowser.observed(server, await server.core.store.state.signUps[signUpID])
    }

    @Test("A new account with legal_accepted given: the sign-up completes, the user has the provider's verified address and account")
    func newAccountCompletes() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let email = Fixture.email("oauth-signup")
            let (started, url) = try await Self.start(device, [("legal_accepted", "true")])
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            let done = try await Self.returnToApp(device, started.id, back: back)
            let signUp = try done.signUp
            #expect(signUp.status == .complete, "\(String(decoding: done.data, as: UTF8.self))")
            #expect(signUp.verifications.externalAccount?.status == .verified)
            #expect(signUp.emailAddress == email)
            let userID = try #require(signUp.createdUserID)
            let user = try #require(await server.core.store.users[userID])
            #expect(user.emails.first?.verified == true)
            #expect(user.linkedAccounts.count == 1)
            #expect(try done.client?.sessions.first?.user?.id == userID)
            #expect(try done.client?.sessions.first?.status == .active)
        }
    }

    @Test("Without legal_accepted the sign-up stops at missing_requirements with the account verified; PATCH legal_accepted completes it")
    func missingRequirementThenUpdate() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (started, url) = try await Self.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: Fixture.email("oauth-signup-legal"))
            let waiting = try await Self.returnToApp(device, started.id, back: back).signUp
            #expect(waiting.status == .missingRequirements)
            #expect(waiting.missingFields == ["legal_accepted"])
            #expect(waiting.verifications.externalAccount?.status == .verified)
            #expect(await server.core.store.users.count == 0)

            let updated = try await device.send(
                "PATCH", "/v1/client/sign_ups/\(started.id)", form: [("legal_accepted", "true")], operation: "updateSignUps")
            let signUp = try updated.signUp
            #expect(signUp.status == .complete, "\(String(decoding: updated.data, as: UTF8.self))")
            let userID = try #require(signUp.createdUserID)
            #expect(await server.core.store.users[userID]?.linkedAccounts.count == 1)
        }
    }

    @Test("An address a user already has: transferable with external_account_exists, no user made; a sign-in with transfer signs that user in")
    func existingAccountIsTransferable() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let email = Fixture.email("oauth-signup-known")
            let known = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let (started, url) = try await Self.start(device, [("legal_accepted", "true")])
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            let answer = try await Self.returnToApp(device, started.id, back: back)
            let verification = try answer.signUp.verifications.externalAccount
            #expect(verification?.status == .transferable, "\(String(decoding: answer.data, as: UTF8.self))")
            #expect(verification?.error?.code.rawValue == "external_account_exists")
            #expect(try answer.signUp.createdUserID == nil)
            #expect(await server.core.store.users.count == 1)
            #expect(await server.core.store.users[known.id]?.linkedAccounts.isEmpty == true)
            #expect(await server.core.store.state.clientBook.sessions.count == 0)

            let stranger = server.client()
            _ = try await stranger.send("POST", "/v1/client")
            let before = await server.stateCounts()
            expectError(try await stranger.signIn([("transfer", "true")]), status: 400, code: "account_transfer_invalid")
            #expect(await server.stateCounts() == before)

            let transferred = try await device.signIn([("transfer", "true")])
            let signIn = try transferred.signIn
            #expect(signIn.status == .complete, "\(String(decoding: transferred.data, as: UTF8.self))")
            #expect(try transferred.client?.sessions.first?.user?.id == known.id)
            #expect(await server.core.store.users[known.id]?.linkedAccounts.count == 1)
        }
    }

    @Test("Denied at the provider: the verification fails with oauth_access_denied")
    func denied() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (started, url) = try await Self.start(device, [("legal_accepted", "true")])
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: nil)
            let answer = try await Self.returnToApp(device, started.id, back: back)
            let verification = try answer.signUp.verifications.externalAccount
            #expect(verification?.status == .failed, "\(String(decoding: answer.data, as: UTF8.self))")
            #expect(verification?.error?.code == .oauthAccessDenied)
            #expect(await server.core.store.users.count == 0)
        }
    }

    @Test("A missing or wrong nonce, or the right one on another client, changes nothing; the right one then completes the sign-up, once")
    func nonceChecks() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (started, url) = try await Self.start(device, [("legal_accepted", "true")])
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: Fixture.email("oauth-signup-nonce"))
            let before = try await Self.observed(server, started.id)

            let plain = try await device.send("GET", "/v1/client/sign_ups/\(started.id)", operation: "getSignUps")
            #expect(try plain.signUp.verifications.externalAccount?.status == .unverified)
            let wrong = OAuthBrowser.appRedirect + "?rotating_token_nonce=" + SecureRandom.token()
            let refused = try await Self.returnToApp(device, started.id, back: wrong)
            #expect(try refused.signUp.status == .missingRequirements)
            #expect(try refused.signUp.verifications.externalAccount?.status == .unverified)
            #expect(try await Self.observed(server, started.id) == before)

            let other = server.client()
            _ = try await other.send("POST", "/v1/client")
            let afterClient = try await Self.observed(server, started.id)
            expectError(try await Self.returnToApp(other, started.id, back: back), status: 404, code: "resource_not_found")
            #expect(try await Self.observed(server, started.id) == afterClient)

            let done = try await Self.returnToApp(device, started.id, back: back)
            #expect(try done.signUp.status == .complete)
            let after = try await Self.observed(server, started.id)
            let replayed = try await Self.returnToApp(device, started.id, back: back)
            #expect(try replayed.signUp.createdUserID == done.signUp.createdUserID)
            #expect(try await Self.observed(server, started.id) == after)
            #expect(await server.core.store.users.count == 1)
        }
    }

    @Test("A provider the settings do not enable, or a redirect_url not allowed, is refused before anything starts")
    func refusals() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let before = await server.stateCounts()
            let answer = try await server.client().signUp([("strategy", "oauth_google"), ("redirect_url", OAuthBrowser.appRedirect)])
            expectError(answer, status: 400, code: "oauth_provider_not_enabled", param: "strategy")
            #expect(await server.stateCounts() == before)
        }
        try await withServer(SettingsPreset.social.settings) { server in
            let before = await server.stateCounts()
            let answer = try await server.client().signUp([("strategy", "oauth_google"), ("redirect_url", "https://attacker.example/cb")])
            expectError(answer, status: 422, code: "invalid_redirect_url", param: "redirect_url")
            #expect(await server.stateCounts() == before)
        }
    }
}

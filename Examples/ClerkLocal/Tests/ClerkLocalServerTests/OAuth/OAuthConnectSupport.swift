import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Connecting a second provider as the tests play it: `social` with Apple served by the built-in
/// provider too, a user signed in with Google, and the connection's start.
enum OAuthConnecting {
    /// `social`'s settings with Apple's browser sign-in served by the built-in provider as well.
    static var settings: InstanceSettings {
        var settings = SettingsPreset.social.settings
        settings.oauthProviders?.apple = .builtIn
        return settings
    }

    /// A user with a password who signed in with Google through the browser (the account linked):
    /// the user's id and the session's.
    static func signedInWithGoogle(_ server: TestServer, _ device: FAPIClient, _ email: String) async throws -> (userID: String, sessionID: String) {
        let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
        let (started, url) = try await OAuthBrowser.start(device)
        let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
        let session = try await OAuthBrowser.returnToApp(device, started.id, back: back).signIn.createdSessionID
        return (seeded.id, try #require(session))
    }

    /// A user signed in with Google at a new address named `name` whose Apple connection started on
    /// `device`: the user's id, the session's, and the provider's page.
    static func startedApple(_ server: TestServer, _ device: FAPIClient, _ name: String) async throws -> (userID: String, session: String, page: String) {
        let (userID, session) = try await signedInWithGoogle(server, device, Fixture.email(name))
        return (userID, session, try page(try await start(device, session: session)))
    }

    /// `POST /v1/me/external_accounts {strategy, redirect_url}`.
    @discardableResult
    static func start(
        _ device: FAPIClient, session: String, strategy: String? = "oauth_apple", redirect: String? = OAuthBrowser.appRedirect
    ) async throws -> FAPIClient.Answer {
        let form = [("strategy", strategy), ("redirect_url", redirect)].compactMap { name, value in value.map { (name, $0) } }
        return try await device.me("POST", "/external_accounts", session: session, form: form, operation: "postOAuthAccounts")
    }

    /// The provider's page of a started connection.
    static func page(_ answer: FAPIClient.Answer) throws -> String {
        #expect(answer.status == 200, "\(answer.text)")
        let account = try answer.response(ExternalAccount.self)
        #expect(account.verification?.status == .unverified)
        return try #require(account.verification?.externalVerificationRedirectURL)
    }

    /// The user as stored, encoded: what a refused request must not change.
    static func stored(_ server: TestServer, _ userID: String) async throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(try #require(await server.core.store.users[userID]))
    }

    /// The user's external accounts as `GET /v1/me` shows them.
    static func accounts(_ device: FAPIClient, session: String) async throws -> [ExternalAccount] {
        try accounts(try await device.me("GET", session: session))
    }

    /// The external accounts of the user an answer carries.
    static func accounts(_ answer: FAPIClient.Answer) throws -> [ExternalAccount] {
        #expect(answer.status == 200, "\(answer.text)")
        let user = try answer.response(User.self)
        return try user.externalAccounts.map { try JSONDecoder().decode(ExternalAccount.self, from: JSONEncoder().encode($0)) }
    }

    /// `GET /v1/me?rotating_token_nonce=…` with the nonce of `back`, where the connection's callback
    /// sent the browser: what applies the callback's result.
    static func reload(_ device: FAPIClient, session: String, back: String) async throws -> FAPIClient.Answer {
        try await reload(device, session: session, nonce: try #require(OAuthBrowser.query(back)["rotating_token_nonce"]))
    }

    static func reload(_ device: FAPIClient, session: String, nonce: String) async throws -> FAPIClient.Answer {
        let query = "_is_native=true&_clerk_session_id=\(session)&rotating_token_nonce=\(nonce)"
        return try await device.send("GET", "/v1/me?\(query)", operation: "getUser")
    }
}

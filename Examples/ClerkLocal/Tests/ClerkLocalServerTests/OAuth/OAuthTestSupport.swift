import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The browser's part of an OAuth sign-in, as the tests play it: a person at the built-in provider's
/// page choosing who they are (or denying), the redirects followed by hand.
enum OAuthBrowser {
    static let appRedirect = "clerk-local://oauth-callback"

    /// `path?query` of an absolute URL of the server under test.
    static func local(_ url: String) throws -> String {
        let components = try #require(URLComponents(string: url))
        return components.path + (components.query.map { "?" + $0 } ?? "")
    }

    static func query(_ url: String) -> [String: String] {
        let items = URLComponents(string: url)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    /// Starts a browser sign-in with Google: the sign-in and its provider URL.
    static func start(_ device: FAPIClient, redirect: String = appRedirect) async throws -> (SignIn, String) {
        let answer = try await device.signIn([("strategy", "oauth_google"), ("redirect_url", redirect)])
        #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
        let signIn = try answer.signIn
        let url = try #require(signIn.firstFactorVerification?.externalVerificationRedirectURL)
        return (signIn, url)
    }

    /// Opens the authorize page, answers it (an address, or nil to deny): the callback URL the
    /// provider sends the browser to.
    static func answer(_ authorizeURL: String, on server: TestServer, as email: String?) async throws -> String {
        let browser = server.client()
        let page = try await browser.send("GET", local(authorizeURL))
        #expect(page.status == 200, "\(String(decoding: page.data, as: UTF8.self))")
        let html = String(decoding: page.data, as: UTF8.self)
        let deny = try #require(html.firstMatch(of: /id="deny" href="([^"]+)"/)).1.replacingOccurrences(of: "&amp;", with: "&")
        let request = try #require(query("http://x" + deny)["request"])
        let decide = try #require(deny.split(separator: "?").first)
        let choice = email.map { "\(decide)?request=\(request)&email=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" } ?? deny
        let decided = try await browser.send("GET", choice)
        #expect(decided.status == 303, "\(String(decoding: decided.data, as: UTF8.self))")
        return try #require(decided.header("Location"))
    }

    /// Follows the provider's redirect to `/v1/oauth_callback`: where it sends the browser on.
    static func callback(_ callbackURL: String, on server: TestServer) async throws -> String {
        let answer = try await server.client().send("GET", local(callbackURL))
        #expect(answer.status == 303, "\(String(decoding: answer.data, as: UTF8.self))")
        return try #require(answer.header("Location"))
    }

    /// The app's part once the browser is back at `back`: the sign-in read again with the
    /// callback's `rotating_token_nonce`, which completes what the provider proved.
    @discardableResult
    static func returnToApp(_ device: FAPIClient, _ signInID: String, back: String, operation: String? = nil) async throws -> FAPIClient.Answer {
        let nonce = try #require(query(back)["rotating_token_nonce"])
        return try await device.send("GET", "/v1/client/sign_ins/\(signInID)?rotating_token_nonce=\(nonce)", operation: operation)
    }

    /// A user with a password at a new address named `name`, and their browser sign-in on a new
    /// client, back from the provider: the client, the sign-in, and where the browser landed.
    static func knownUserBack(_ name: String, on server: TestServer) async throws -> (FAPIClient, SignIn, String, SeededUser) {
        let email = Fixture.email(name)
        let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
        let device = server.client()
        let (started, url) = try await start(device)
        return (device, started, try await signInAtProvider(url, on: server, as: email), user)
    }

    /// What a refused reload must leave as it was: `record` (a sign-in or sign-up), the record
    /// counts and the sessions.
    static func observed(_ server: TestServer, _ record: (some Encodable)?) async throws -> [Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let counts = try encoder.encode(await server.stateCounts() + [await server.core.store.state.clientBook.sessions.count])
        return [try encoder.encode(record), counts]
    }

    /// The whole browser part: the app's redirect URL with `rotating_token_nonce`.
    static func signInAtProvider(_ authorizeURL: String, on server: TestServer, as email: String?) async throws -> String {
        try await callback(answer(authorizeURL, on: server, as: email), on: server)
    }
}

import ClerkAPI
import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// An OpenID Connect provider of the test's own on another listener (discovery, token and JWKS
/// endpoints, its own ES256 key): clerk-local finds it through `discovery_url` and talks to it
/// over HTTP as it would to Google.
@Suite("OAuth: an outside provider found by discovery")
struct OAuthOutsideProviderTests {
    /// What the provider expects at its token endpoint: set by the test from the authorize URL.
    struct Expected: Sendable {
        var code = SecureRandom.token()
        var codeChallenge = ""
        var nonce = ""
        var email = ""
        /// When set, discovery names `/userinfo`, which answers with this status (the address and
        /// names for `userinfoSubject` when 200), and the ID token carries neither address nor names.
        var userinfoStatus: Int?
        var userinfoSubject = "outside-1"
    }

    static let clientID = "outside-client"
    static let clientSecret = "outside-secret"

    @Test("Discovery, the code exchanged with client credentials and PKCE, the ID token verified against the provider's JWKS")
    func discoveredProvider() async throws {
        let key = OwnSigningKey(keyID: "outside-key")
        let expected = NIOLockedValueBox(Expected())
        let (base, stop) = try await Self.serveProvider(key: key, expected: expected)
        defer { stop() }
        try await withServer(Self.settings(discoveredAt: base), mode: .socket) { server in
            let (reloaded, device, email) = try await Self.signIn(through: base, on: server, expected: expected)
            #expect(try reloaded.signIn.firstFactorVerification?.status == .transferable, "\(String(decoding: reloaded.data, as: UTF8.self))")
            let signUp = try await device.signUp([("transfer", "true"), ("legal_accepted", "true")])
            #expect(try signUp.signUp.status == .complete, "\(String(decoding: signUp.data, as: UTF8.self))")
            #expect(try signUp.signUp.emailAddress == email)
        }
    }

    /// A browser sign-in through the provider at `base` for a new address: the sign-in read again
    /// after the callback, its client, and the address.
    static func signIn(
        through base: String, on server: TestServer, expected: NIOLockedValueBox<Expected>
    ) async throws -> (FAPIClient.Answer, FAPIClient, String) {
        let (device, started, back, email) = try await backFromProvider(through: base, on: server, expected: expected)
        return (try await OAuthBrowser.returnToApp(device, started.id, back: back), device, email)
    }

    /// A browser sign-in through the provider at `base` for a new address, up to the app's redirect
    /// URL: its client, the sign-in as started, where the browser landed, and the address.
    static func backFromProvider(
        through base: String, on server: TestServer, expected: NIOLockedValueBox<Expected>
    ) async throws -> (FAPIClient, SignIn, String, String) {
        let device = server.client()
        let (started, authorizeURL) = try await OAuthBrowser.start(device)
        #expect(authorizeURL.hasPrefix(base + "/authorize?"))
        let query = OAuthBrowser.query(authorizeURL)
        #expect(query["client_id"] == Self.clientID)
        let email = Fixture.email("outside")
        expected.withLockedValue {
            $0.codeChallenge = query["code_challenge"] ?? ""
            $0.nonce = query["nonce"] ?? ""
            $0.email = email
        }
        // The provider sends the browser back with its code.
        let callback = URLQueryAppending.appending(
            [URLQueryItem(name: "code", value: expected.withLockedValue { $0.code }), URLQueryItem(name: "state", value: query["state"])],
            to: try #require(query["redirect_uri"]))
        return (device, started, try await OAuthBrowser.callback(callback, on: server), email)
    }

    @Test("A discovery document that cannot be read: the sign-in is refused before it starts, nothing kept")
    func unreachableDiscovery() async throws {
        var settings = SettingsPreset.social.settings
        settings.oauthProviders?.google = OAuthProviderConfig(
            clientID: Self.clientID, clientSecret: Self.clientSecret, discoveryURL: "http://127.0.0.1:9/.well-known/openid-configuration")
        try await withServer(settings) { server in
            let answer = try await server.client().signIn([("strategy", "oauth_google"), ("redirect_url", OAuthBrowser.appRedirect)])
            expectError(answer, status: 400, code: "oauth_token_exchange_error")
            #expect(await server.stateCounts() == [0, 0, 0, 0])
        }
    }

    /// `social` with Google replaced by the provider at `base`, found by discovery.
    static func settings(discoveredAt base: String) -> InstanceSettings {
        var settings = SettingsPreset.social.settings
        settings.oauthProviders?.google = OAuthProviderConfig(
            clientID: clientID, clientSecret: clientSecret, discoveryURL: base + "/.well-known/openid-configuration")
        return settings
    }

    static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: data)))
    }

    /// The provider on 127.0.0.1 and a free port: its base URL, and how to stop it.
    static func serveProvider(key: OwnSigningKey, expected: NIOLockedValueBox<Expected>) async throws -> (String, @Sendable () -> Void) {
        let base = NIOLockedValueBox("")
        let router = Router()
        router.get("/.well-known/openid-configuration") { _, _ in
            let root = base.withLockedValue { $0 }
            let userinfo = expected.withLockedValue { $0.userinfoStatus } == nil ? nil : root + "/userinfo"
            let document = OAuthEndpoints(
                issuer: root, authorizationEndpoint: root + "/authorize", tokenEndpoint: root + "/token", userinfoEndpoint: userinfo,
                jwksURI: root + "/jwks")
            return Self.json(try JSONEncoder().encode(document))
        }
        router.get("/jwks") { _, _ in
            Self.json(try JSONEncoder().encode(key.jwksJSON))
        }
        router.post("/token") { request, _ in
            let body = try await request.body.collect(upTo: 65_536)
            let form = try FormFields(percentEncoded: Data(body.readableBytesView))
            let field = { (name: String) in form.values(named: name).first ?? "" }
            let wanted = expected.withLockedValue { $0 }
            guard field("grant_type") == "authorization_code", field("code") == wanted.code, field("client_id") == clientID,
                field("client_secret") == clientSecret, PKCE.challenge(for: field("code_verifier")) == wanted.codeChallenge,
                field("redirect_uri").hasSuffix("/v1/oauth_callback")
            else {
                return Self.json(Data(#"{"error":"invalid_grant"}"#.utf8), status: .badRequest)
            }
            let now = Date().timeIntervalSince1970.rounded(.down)
            let claims = IdentityTokenClaims(
                iss: base.withLockedValue { $0 }, aud: [clientID], exp: now + 600, iat: now, sub: "outside-1",
                email: wanted.userinfoStatus == nil ? wanted.email : nil, emailVerified: wanted.userinfoStatus == nil ? LenientBool(true) : nil,
                nonce: wanted.nonce)
            let token = try await key.sign(claims)
            let json = try JSONEncoder().encode(["id_token": token, "access_token": "at", "token_type": "Bearer"])
            return Self.json(json)
        }
        router.get("/userinfo") { request, _ in
            let wanted = expected.withLockedValue { $0 }
            guard request.headers[.authorization] == "Bearer at", let status = wanted.userinfoStatus, status == 200 else {
                return Self.json(Data(#"{"error":"invalid_token"}"#.utf8), status: .unauthorized)
            }
            let claims = IdentityTokenClaims(
                iss: nil, aud: nil, exp: nil, iat: nil, sub: wanted.userinfoSubject, email: wanted.email, emailVerified: LenientBool(true),
                givenName: "Grace", familyName: "Hopper")
            return Self.json(try JSONEncoder().encode(claims))
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            })
        let run = Task { try await app.runService() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        base.withLockedValue { $0 = "http://127.0.0.1:\(port)" }
        return (base.withLockedValue { $0 }, { run.cancel() })
    }
}

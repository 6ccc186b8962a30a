import Clerk
import ClerkClientTrust
import ClerkLocalServer
import ClerkLocalTesting
import ClerkPassword
import Foundation
import Testing

@testable import ExampleBackend

/// The article "Verifying session tokens in a Swift backend" end to end: the SDK signs in against the
/// local server, and the verifier reads the server's JWKS over HTTP and checks the session token.
@Suite("Session tokens of a running Frontend API, verified with its JWKS over HTTP")
struct LocalServerTokenTests {
    static let password = "quiet-harbour-lantern-1907"

    /// Signs `email` in on a new device and returns the client.
    static func signedInClient(_ server: RunningServer, email: String) async throws -> (ClerkClient, ActiveSession) {
        let clerk = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
        var registry = try FactorRegistry([PasswordStrategy()])
        try registry.registerClientTrust()
        let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
            switch question {
            case .identifier: .identifier(email)
            case .password: .password(SecretString(Self.password))
            case .code: .code(SecretString("424242"))
            default: .startOver
            }
        }
        return (clerk, try await driver.signIn())
    }

    @Test("A session token verifies: user, session, the v2 claims (v, fva); another origin as azp is refused")
    func realToken() async throws {
        try await withLocalFrontendAPI(settings: SettingsPreset.emailPassword.settings) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: "ada+clerk_test@example.com", password: Self.password))
            let (clerk, session) = try await Self.signedInClient(server, email: "ada+clerk_test@example.com")
            let token = try await clerk.sessionToken().jwt

            let verifier = SessionTokenVerifier.forFrontendAPI(server.baseURL)
            let verified = try await verifier.verify(token).get()
            #expect(verified.userID == user.id)
            #expect(verified.sessionID == session.session.id)
            #expect(verified.version == 2)
            #expect(verified.factorVerificationAge?.first == 0, "the first factor was verified just now")
            #expect(verified.factorVerificationAge?.last == -1, "no second factor")
            #expect(verified.organization == nil)

            let webOnly = SessionTokenVerifier.forFrontendAPI(server.baseURL, authorizedParties: ["https://app.example.com"])
            #expect(await webOnly.verify(token).refusal == .unauthorizedParty)

            let otherIssuer = SessionTokenVerifier(
                source: HTTPJWKSSource(frontendAPI: server.baseURL),
                policy: VerificationPolicy(issuer: "https://clerk.example.com", authorizedParties: []))
            #expect(await otherIssuer.verify(token).refusal == .wrongIssuer)
        }
    }

    @Test("A backend clock ahead of the token's expiry by more than the leeway refuses it; one behind its iat too")
    func clockSkew() async throws {
        try await withLocalFrontendAPI(settings: SettingsPreset.emailPassword.settings) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: "grace+clerk_test@example.com", password: Self.password))
            let (clerk, _) = try await Self.signedInClient(server, email: "grace+clerk_test@example.com")
            let token = try await clerk.sessionToken()
            let expiry = try #require(token.expiresAt)
            let late = SessionTokenVerifier.forFrontendAPI(server.baseURL, leeway: 5) { expiry.addingTimeInterval(6) }
            #expect(await late.verify(token.jwt).refusal == .expired)
            let withinLeeway = SessionTokenVerifier.forFrontendAPI(server.baseURL, leeway: 5) { expiry.addingTimeInterval(4) }
            #expect(await withinLeeway.verify(token.jwt).refusal == nil)
            // 6 s behind the token's iat (its nbf being earlier still): issued in the future.
            let claims = try Self.payload(token.jwt)
            let issuedAt = try #require(claims["iat"] as? Int)
            try #require((claims["nbf"] as? Int ?? 0) <= issuedAt - 1)
            let behind = SessionTokenVerifier.forFrontendAPI(server.baseURL, leeway: 5) { Date(timeIntervalSince1970: TimeInterval(issuedAt - 6)) }
            #expect(await behind.verify(token.jwt).refusal == .issuedInTheFuture)
        }
    }

    /// The claims of a JWT, unverified (to set a clock against).
    static func payload(_ jwt: String) throws -> [String: Any] {
        var part = String(jwt.split(separator: ".")[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        part += String(repeating: "=", count: (4 - part.count % 4) % 4)
        return try JSONSerialization.jsonObject(with: Data(base64Encoded: part) ?? Data()) as? [String: Any] ?? [:]
    }
}

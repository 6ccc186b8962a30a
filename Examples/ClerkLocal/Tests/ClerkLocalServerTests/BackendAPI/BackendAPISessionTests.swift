import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The Backend API's sessions, JWKS and testing tokens, in router mode.
@Suite("Backend API: sessions, JWKS and testing tokens")
struct BackendAPISessionTests {
    static var settings: InstanceSettings {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        return settings
    }

    @Test("Sessions list by user, client and status; a revoked session mints no more tokens")
    func listAndRevoke() async throws {
        try await withServer(Self.settings) { server in
            let email = Fixture.email()
            let userID = try #require(
                try await server.backend("POST", "/users", json: ["email_address": [email], "password": Fixture.password]).json["id"] as? String)
            let device = server.client()
            let signedIn = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            #expect(try signedIn.signIn.status == .complete, "\(signedIn.bodyText)")
            let sessionID = try #require(try signedIn.signIn.createdSessionID)

            let listed = try await server.backend("GET", "/sessions?user_id=\(userID)")
            #expect(listed.jsonArray.map { $0["id"] as? String } == [sessionID], "\(listed.bodyText)")
            let session = try #require(listed.jsonArray.first)
            #expect(session["object"] as? String == "session" && session["status"] as? String == "active")
            let clientID = try #require(session["client_id"] as? String)
            #expect(try await server.backend("GET", "/sessions?client_id=\(clientID)&status=active").jsonArray.count == 1)
            #expect(try await server.backend("GET", "/sessions?client_id=client_other").jsonArray.isEmpty)
            let paginated = try await server.backend("GET", "/sessions?user_id=\(userID)&paginated=true")
            #expect(paginated.json["total_count"] as? Int == 1)

            let revoked = try await server.backend("POST", "/sessions/\(sessionID)/revoke")
            #expect(revoked.json["status"] as? String == "revoked", "\(revoked.bodyText)")
            #expect(try await server.backend("GET", "/sessions?user_id=\(userID)&status=active").jsonArray.isEmpty)
            let token = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens")
            #expect(token.status == 401, "\(token.bodyText)")
            expectError(try await server.backend("POST", "/sessions/sess_missing/revoke"), status: 404, code: "resource_not_found")
        }
    }

    @Test("The JWKS is the signing key's; a testing token has its spec shape")
    func jwksAndTestingToken() async throws {
        try await withServer { server in
            let jwks = try await server.backend("GET", "/jwks")
            #expect(jwks.data == (try server.core.signer.jwksDocument()))
            let keys = try #require(jwks.json["keys"] as? [[String: Any]])
            #expect(keys.first?["kty"] as? String == "RSA" && keys.first?["d"] == nil, "public key only")
            let token = try await server.backend("POST", "/testing_tokens")
            #expect(token.json["object"] as? String == "testing_token")
            #expect((token.json["token"] as? String)?.isEmpty == false)
            #expect((token.json["expires_at"] as? Int ?? 0) > Int(Date().timeIntervalSince1970))
        }
    }
}

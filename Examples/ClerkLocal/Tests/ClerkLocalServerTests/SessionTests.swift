import ClerkAPI
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Sessions and session tokens")
struct SessionTests {
    /// Signs up with a test phone number (no bcrypt, no message) and answers the session id.
    private func signedIn(_ server: TestServer, _ device: FAPIClient, phone: String = "+12015550111") async throws -> String {
        let created = try await device.signUp([("phone_number", phone)]).signUp
        try await device.signUpAction(created.id, "prepare_verification", [("strategy", "phone_code")])
        let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "phone_code"), ("code", "424242")]).signUp
        return try #require(done.createdSessionID)
    }

    @Test("Tokens are RS256 JWTs with a kid, verifiable with the published JWKS, with Clerk's claims")
    func tokenVerifiesWithJWKS() async throws {
        var settings = SettingsPreset.phoneCode.settings
        settings.allowedOrigins = ["https://app.example.com"]
        try await withServer(settings) { server in
            let device = server.client()
            device.origin = "https://app.example.com"
            let sessionID = try await signedIn(server, device)
            let answer = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens", operation: "createSessionToken")
            let token = try answer.decode(TokenResource.self)
            #expect(token.object == "token")

            let jwks = try await device.send("GET", "/.well-known/jwks.json")
            let keys = JWTKeyCollection()
            try await keys.add(jwksJSON: String(decoding: jwks.data, as: UTF8.self))
            let claims = try await keys.verify(token.jwt, as: SessionClaims.self)
            let current = try await device.send("GET", "/v1/client").client
            let user = try #require(current?.sessions.first?.user)
            #expect(claims.iss == server.baseURL.absoluteString)
            #expect(claims.sub == user.id)
            #expect(claims.sid == sessionID)
            #expect(claims.azp == "https://app.example.com")
            #expect(claims.v == 2)
            #expect(claims.exp - claims.iat == 60)
            #expect(claims.nbf <= claims.iat)
            #expect(claims.fva == [0, -1])

            let header = try #require(Base64URL.decode(String(token.jwt.split(separator: ".")[0])))
            let fields = try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
            #expect(fields["alg"] as? String == "RS256")
            let keyEntries = try #require((jwks.json["keys"] as? [[String: Any]]))
            #expect(fields["kid"] as? String == keyEntries.first?["kid"] as? String)
            #expect(keyEntries.first?["use"] as? String == "sig")

            // A token signed by another key does not verify.
            let tampered = token.jwt.dropLast(4) + "AAAA"
            await #expect(throws: (any Error).self) { try await keys.verify(String(tampered), as: SessionClaims.self) }
        }
    }

    @Test("Touch, remove, end and sign-out-everywhere")
    func lifecycle() async throws {
        var settings = SettingsPreset.phoneCode.settings
        settings.singleSessionMode = true
        try await withServer(settings) { server in
            let device = server.client()
            let sessionID = try await signedIn(server, device)

            let again = try await device.signIn([("identifier", "+12015550111")])
            expectError(again, status: 400, code: "session_exists")

            let touched = try await device.send("POST", "/v1/client/sessions/\(sessionID)/touch", form: [("intent", "focus")], operation: "touchSession")
            #expect(touched.status == 200)
            #expect(try touched.client?.lastActiveSessionID == sessionID)

            let removed = try await device.send("POST", "/v1/client/sessions/\(sessionID)/remove", operation: "removeSession")
            #expect(removed.status == 200)
            #expect(try removed.client?.sessions.isEmpty == true)
            #expect(try removed.client?.lastActiveSessionID == nil)
            #expect(removed.json["response"].flatMap { ($0 as? [String: Any])?["status"] as? String } == "removed")
            let token = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens")
            expectError(token, status: 401, code: "authentication_invalid")
            let twice = try await device.send("POST", "/v1/client/sessions/\(sessionID)/end")
            expectError(twice, status: 400, code: "invalid_action_for_session")

            let signIn = try await device.signIn([("identifier", "+12015550111"), ("strategy", "phone_code")]).signIn
            let done = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "phone_code"), ("code", "424242")])
            let second = try #require(try done.signIn.createdSessionID)
            let cleared = try await device.send("DELETE", "/v1/client", operation: "deleteClientSessions")
            #expect(try cleared.client?.sessions.isEmpty == true)
            let afterSignOut = try await device.send("POST", "/v1/client/sessions/\(second)/tokens")
            expectError(afterSignOut, status: 401, code: "authentication_invalid")
        }
    }

    @Test("POST and PUT /v1/client issue a new client token; GET without one answers null")
    func clients() async throws {
        try await withServer(SettingsPreset.phoneCode.settings) { server in
            let device = server.client()
            let none = try await device.send("GET", "/v1/client", operation: "getClient")
            #expect(none.status == 200)
            #expect(none.json["response"] is NSNull)
            _ = try await device.send("POST", "/v1/client", operation: "postClient")
            let first = try #require(device.token)
            let read = try await device.send("GET", "/v1/client", operation: "getClient")
            #expect(try read.client?.id != nil)
            _ = try await device.send("PUT", "/v1/client", operation: "putClient")
            #expect(device.token != first)
        }
    }

    @Test("The environment reflects the settings")
    func environment() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let answer = try await server.client().send("GET", "/v1/environment", operation: "getEnvironment")
            let environment = try answer.decode(EnvironmentResource.self)
            let attributes = try #require(environment.userSettings?.attributes)
            #expect(attributes.emailAddress?.enabled == true)
            #expect(attributes.authenticatorApp?.usedForSecondFactor == true)
            #expect(attributes.backupCode?.enabled == true)
            #expect(attributes.phoneNumber?.secondFactors == [.phoneCode])
            #expect(environment.authConfig?.singleSessionMode == true)
            #expect(environment.displayConfig?.instanceEnvironmentType == "development")
            #expect(environment.userSettings?.passwordSettings?.minLength == 8)
        }
    }
}

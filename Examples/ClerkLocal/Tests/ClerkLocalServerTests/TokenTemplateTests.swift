import ClerkAPI
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("JWT templates, revoked sessions and the user's sessions on the wire")
struct TokenTemplateTests {
    static let template = JWTTemplate(
        name: "backend", lifetimeSeconds: 300,
        claims: [
            "email": .string("{{user.primary_email_address}}"), "user_name": .string("{{user.first_name}}"),
            "role": .string("admin"), "tier": .integer(3), "orgs": .array([.string("{{session.id}}")]),
        ])

    static var settings: InstanceSettings {
        var settings = SettingsPreset.phoneCode.settings
        settings.jwtTemplates = [template]
        settings.singleSessionMode = false
        return settings
    }

    /// Signs up with a test phone number (no bcrypt, no message) and answers the session id.
    static func signedIn(_ device: FAPIClient, phone: String = "+12015550123") async throws -> String {
        let created = try await device.signUp([("phone_number", phone), ("first_name", "Ada")]).signUp
        try await device.signUpAction(created.id, "prepare_verification", [("strategy", "phone_code")])
        let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "phone_code"), ("code", "424242")]).signUp
        return try #require(done.createdSessionID)
    }

    static func keys(_ device: FAPIClient) async throws -> JWTKeyCollection {
        let jwks = try await device.send("GET", "/.well-known/jwks.json")
        return try await JWTKeyCollection().add(jwksJSON: String(decoding: jwks.data, as: UTF8.self))
    }

    @Test("A template token carries the default claims, the template's claims filled in, and its lifetime")
    func templateClaims() async throws {
        try await withServer(Self.settings) { server in
            let device = server.client()
            let sessionID = try await Self.signedIn(device)
            let answer = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens/backend", operation: "createSessionTokenWithTemplate")
            #expect(answer.status == 200)
            let claims = try await Self.keys(device).verify(answer.decode(TokenResource.self).jwt, as: TemplateClaims.self)
            let user = try #require(try await device.send("GET", "/v1/client").client?.sessions.first?.user)
            #expect(claims.sub == user.id)
            #expect(claims.iss == server.baseURL.absoluteString)
            #expect(claims.exp - claims.iat == 300)
            #expect(claims.jti.hasPrefix("jwt_"))
            #expect(
                claims.custom == [
                    "email": .null, "user_name": .string("Ada"), "role": .string("admin"), "tier": .integer(3),
                    "orgs": .array([.string(sessionID)]),
                ])
        }
    }

    @Test("An unknown template is 404 resource_not_found; a template token for a revoked session is 401")
    func refusals() async throws {
        try await withServer(Self.settings) { server in
            let device = server.client()
            let sessionID = try await Self.signedIn(device)
            let unknown = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens/supabase")
            expectError(unknown, status: 404, code: "resource_not_found")
            #expect(unknown.error?.longMessage == "No JWT template exists with name: supabase")

            _ = try await server.core.admin.revokeSession(sessionID)
            expectError(try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens/backend"), status: 401, code: "authentication_invalid")
            expectError(try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens"), status: 401, code: "authentication_invalid")
            expectError(try await device.send("POST", "/v1/client/sessions/\(sessionID)/touch"), status: 401, code: "authentication_invalid")
            // The client no longer lists it; read on its own, it says revoked.
            #expect(try await device.send("GET", "/v1/client").client?.sessions.isEmpty == true)
            let read = try await device.send("GET", "/v1/client/sessions/\(sessionID)", operation: "getSession")
            #expect(try read.decode(ClientEnvelope<Session, ClientResource>.self).response.status == .revoked)
            #expect(try read.decode(ClientEnvelope<Session, ClientResource>.self).response.lastActiveToken == nil)
        }
    }

    @Test("The admin API lists and revokes sessions; an unknown session is 404")
    func adminRevoke() async throws {
        try await withServer(Self.settings) { server in
            let device = server.client()
            let sessionID = try await Self.signedIn(device)
            let revoke = try await device.send("POST", "/__local/admin/sessions/\(sessionID)/revoke", rawBody: Data("{}".utf8), contentType: "application/json")
            #expect(revoke.status == 200)
            #expect(revoke.json["status"] as? String == "revoked")
            let list = try await device.send("GET", "/__local/admin/sessions")
            #expect((list.json["sessions"] as? [[String: Any]])?.first?["status"] as? String == "revoked")
            let unknown = try await device.send("POST", "/__local/admin/sessions/sess_nope/revoke", rawBody: Data("{}".utf8), contentType: "application/json")
            expectError(unknown, status: 404, code: "resource_not_found")
        }
    }

    @Test("/v1/me/sessions: every device's live sessions (without tokens), and revoking another device's")
    func usersSessions() async throws {
        try await withServer(Self.settings) { server in
            let laptop = server.client()
            let phone = server.client()
            let laptopSession = try await Self.signedIn(laptop)
            let signIn = try await phone.signIn([("identifier", "+12015550123"), ("strategy", "phone_code")]).signIn
            let phoneSession = try #require(
                try await phone.signInAction(signIn.id, "attempt_first_factor", [("strategy", "phone_code"), ("code", "424242")]).signIn.createdSessionID)

            let active = try await phone.send("GET", "/v1/me/sessions/active?_is_native=true&_clerk_session_id=\(phoneSession)", operation: "getSessions")
            let listed = try active.decode([SessionWithActivity].self)
            #expect(Set(listed.map(\.id)) == [laptopSession, phoneSession])
            #expect(listed.allSatisfy { $0.lastActiveToken == nil && $0.status == .active })

            let revoked = try await phone.send(
                "POST", "/v1/me/sessions/\(laptopSession)/revoke?_is_native=true&_clerk_session_id=\(phoneSession)", operation: "revokeSession")
            #expect(try revoked.decode(ClientEnvelope<Session, ClientResource>.self).response.status == .revoked)
            expectError(try await laptop.send("POST", "/v1/client/sessions/\(laptopSession)/tokens"), status: 401, code: "authentication_invalid")
            expectError(
                try await phone.send("POST", "/v1/me/sessions/\(laptopSession)/revoke?_is_native=true&_clerk_session_id=\(phoneSession)"),
                status: 400, code: "invalid_action_for_session")

            // Another user's session is not found; a device acting as a session it does not hold is signed out.
            let stranger = server.client()
            let strangerSession = try await Self.signedIn(stranger, phone: "+12015550124")
            expectError(
                try await phone.send("POST", "/v1/me/sessions/\(strangerSession)/revoke?_is_native=true&_clerk_session_id=\(phoneSession)"),
                status: 404, code: "resource_not_found")
            expectError(
                try await stranger.send("GET", "/v1/me/sessions/active?_is_native=true&_clerk_session_id=\(phoneSession)"),
                status: 401, code: "authentication_invalid")
        }
    }

    @Test("DELETE /v1/client/sessions removes every session and keeps the client")
    func removeAll() async throws {
        try await withServer(Self.settings) { server in
            let device = server.client()
            let first = try await Self.signedIn(device)
            // A second account on the same device (the same one again is identifier_already_signed_in).
            _ = try await Self.signedIn(device, phone: "+12015550124")
            #expect(try await device.send("GET", "/v1/client").client?.sessions.count == 2)
            let token = device.token
            let answer = try await device.send("DELETE", "/v1/client/sessions", operation: "removeClientSessionsAndRetainCookie")
            #expect(answer.status == 200)
            let client = try #require(try answer.client)
            #expect(client.sessions.isEmpty)
            #expect(client.lastActiveSessionID == nil)
            #expect(device.token == token)
            #expect(await server.core.store.read(SessionRules.self) { $0.listSessions() }.map(\.status) == [.removed, .removed])
            expectError(try await device.send("POST", "/v1/client/sessions/\(first)/tokens"), status: 401, code: "authentication_invalid")
        }
    }

    @Test("Settings files: template claim names stay as written; reserved claims and bad names are refused")
    func settingsFiles() throws {
        let json =
            #"{"preset": "phone-code", "jwt_templates": [{"name": "hasura", "lifetime_seconds": 120, "claims": {"x_hasura_user_id": "{{user.id}}", "camelCase": 1}}]}"#
        let settings = try SettingsLoader.load(json: Data(json.utf8))
        #expect(
            settings.jwtTemplates == [
                JWTTemplate(name: "hasura", lifetimeSeconds: 120, claims: ["x_hasura_user_id": .string("{{user.id}}"), "camelCase": .integer(1)])
            ])
        let printed = String(decoding: try SettingsLoader.encode(settings), as: UTF8.self)
        #expect(printed.contains("\"x_hasura_user_id\"") && printed.contains("\"camelCase\"") && printed.contains("\"single_session_mode\""))
        #expect(try SettingsLoader.load(json: try SettingsLoader.encode(settings)) == settings)
        #expect(throws: SettingsLoader.LoadError.self) {
            try SettingsLoader.load(json: Data(#"{"jwt_templates": [{"name": "a", "lifetime_seconds": 60, "claims": {"sub": "x"}}]}"#.utf8))
        }
        #expect(throws: SettingsLoader.LoadError.self) {
            try SettingsLoader.load(json: Data(#"{"jwt_templates": [{"name": "a/b", "lifetime_seconds": 60, "claims": {}}]}"#.utf8))
        }
    }
}

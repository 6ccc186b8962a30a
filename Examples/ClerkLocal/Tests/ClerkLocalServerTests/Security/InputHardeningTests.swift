import ClerkAPI
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: smaller hardening of inputs and answers")
struct InputHardeningTests {
    @Test("Control characters from input never reach the console raw")
    func consoleEscapes() {
        let message = OutboxMessage(
            id: "msg_1", channel: .email, to: "evil\u{1B}[2J\u{1B}]0;owned\u{07}@example.com", purpose: "sign_in.email_code",
            code: "123456", body: "123456 is your code.", sentAt: 0)
        let line = Outbox.consoleLine(message)
        #expect(!line.unicodeScalars.dropLast().contains { $0.properties.generalCategory == .control })
        #expect(line.contains("\\u{1B}[2J"))
        #expect(!IdentifierFormat.isValidEmail("evil\u{1B}[2J@example.com"))
    }

    @Test("Content-Type is matched exactly, not by prefix")
    func exactContentType() async throws {
        try await withServer { server in
            let body = Data("identifier=a%40example.com".utf8)
            let evil = try await server.client().send("POST", "/v1/client/sign_ins", rawBody: body, contentType: "application/x-www-form-urlencodedEVIL")
            expectError(evil, status: 415, code: "unsupported_content_type")
            let withCharset = try await server.client().send(
                "POST", "/v1/client/sign_ins", rawBody: body, contentType: "application/x-www-form-urlencoded; charset=utf-8")
            #expect(withCharset.error?.code.rawValue != "unsupported_content_type")
        }
    }

    @Test("An oversized admin body answers 413")
    func oversizedAdminBody() async throws {
        try await withServer { server in
            let body = Data(("{\"first_name\": \"" + String(repeating: "a", count: 2_000_000) + "\"}").utf8)
            let answer = try await server.client().send("POST", "/__local/admin/users", rawBody: body, contentType: "application/json")
            expectError(answer, status: 413, code: "request_body_too_large")
        }
    }

    @Test("A wrong method on a known path answers 405 with Allow; an unknown path stays 404")
    func methodNotAllowed() async throws {
        try await withServer { server in
            let device = server.client()
            let environment = try await device.send("DELETE", "/v1/environment")
            #expect(environment.status == 405)
            #expect(environment.header("Allow") == "GET")
            let reset = try await device.send("GET", "/__local/admin/reset")
            #expect(reset.status == 405)
            #expect(reset.header("Allow") == "POST")
            let signIn = try await device.send("PUT", "/v1/client/sign_ins/sia_123")
            #expect(signIn.status == 405)
            expectError(try await device.send("GET", "/v1/nowhere"), status: 404, code: "resource_not_found")
        }
    }

    @Test("azp is the request's Origin only when the settings allow it")
    func azpAllowList() async throws {
        var settings = SettingsPreset.phoneCode.settings
        settings.allowedOrigins = ["https://app.example.com"]
        try await withServer(settings) { server in
            let cases = [
                ("https://app.example.com", "https://app.example.com", "+12015550142"),
                ("https://attacker.example", server.baseURL.absoluteString, "+12015550143"),
            ]
            for (origin, expected, phone) in cases {
                let device = server.client()
                device.origin = origin
                let created = try await device.signUp([("phone_number", phone)]).signUp
                try await device.signUpAction(created.id, "prepare_verification", [("strategy", "phone_code")])
                let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "phone_code"), ("code", "424242")])
                let sessionID = try #require(try done.signUp.createdSessionID)
                let jwt = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens").decode(TokenResource.self).jwt
                let claims = try JWTParser.claims(jwt)
                #expect(claims["azp"] as? String == expected)
            }
        }
    }

    @Test("A username sign-in shows the account's email masked; an email sign-in shows the address typed")
    func maskedSafeIdentifier() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.username.enabled = true
        settings.emailAddress.codeSignIn = true
        try await withServer(settings) { server in
            let email = Fixture.email("jane")
            _ = try await server.seedUser(SeedUser(emailAddress: email, username: "jane_masked"))
            let byUsername = try await server.client().signIn([("identifier", "jane_masked")]).signIn
            let shown = try #require(byUsername.supportedFirstFactors?.first { $0.strategy == .emailCode }?.safeIdentifier)
            #expect(shown != email && shown.hasPrefix("j*") && shown.hasSuffix("@example.com"))
            #expect(!String(decoding: try await server.client().signIn([("identifier", "jane_masked")]).data, as: UTF8.self).contains(email))
            let byEmail = try await server.client().signIn([("identifier", email)]).signIn
            #expect(byEmail.supportedFirstFactors?.first { $0.strategy == .emailCode }?.safeIdentifier == email)
        }
    }

    @Test("Seeding answers a TOTP URI only for a secret it generated")
    func seedTOTPURI() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let supplied = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), totpSecret: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"))
            #expect(supplied.totpURI == nil && supplied.totpSecret == nil)
            let generated = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), generateTOTPSecret: true))
            #expect(generated.totpURI != nil && generated.totpSecret != nil)
        }
    }
}

/// Reads a JWT's claims without verifying it (the session tests verify signatures).
enum JWTParser {
    static func claims(_ jwt: String) throws -> [String: Any] {
        let parts = jwt.split(separator: ".")
        guard parts.count == 3 else { return [:] }
        var payload = String(parts[1]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload) else { return [:] }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }
}

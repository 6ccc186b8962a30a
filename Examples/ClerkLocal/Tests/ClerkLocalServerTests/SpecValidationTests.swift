import ClerkAPI
import ClerkLocalTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Validates answers of the in-scope operations against the schemas of Clerk's Frontend API OpenAPI
/// spec, with `SpecValidation/validate_responses.py` (openapi-schema-validator). The spec is not part
/// of the repository: `CLERK_FAPI_SPEC` names the file, and without it the test is skipped.
@Suite(
    "Answers conform to the spec's schemas",
    .enabled(TestTools.missing("Python's openapi-schema-validator or PyYAML")) { TestTools.pythonImports("openapi_schema_validator", "yaml") })
struct SpecValidationTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("SpecValidation/validate_responses.py")
    static let spec: URL? = ProcessInfo.processInfo.environment["CLERK_FAPI_SPEC"]
        .map { URL(fileURLWithPath: $0) }
        .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }

    @Test("Every documented flow's answers validate", .enabled(if: spec != nil, "needs Clerk's Frontend API spec: CLERK_FAPI_SPEC names no spec file"))
    func flowsValidate() async throws {
        let spec = try #require(Self.spec)
        var records = try await withServer(SettingsPreset.mfa.settings) { server in
            let device = server.client()
            var records: [FAPIClient.Record] = []
            records.append(FAPIClient.Record(operation: "getEnvironment", status: 200, data: try await device.send("GET", "/v1/environment").data))
            records.append(FAPIClient.Record(operation: "getClient", status: 200, data: try await device.send("GET", "/v1/client").data))

            // Sign-up with email and password, email code.
            let email = Fixture.email()
            let created = try await device.signUp([("email_address", email), ("password", Fixture.password)]).signUp
            try await device.signUpAction(created.id, "prepare_verification", [("strategy", "email_code")])
            let code = try #require(server.latestCode(to: email))
            let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "email_code"), ("code", code)]).signUp
            let sessionID = try #require(done.createdSessionID)
            try await device.send("GET", "/v1/client", operation: "getClient")
            try await device.send("POST", "/v1/client/sessions/\(sessionID)/touch", operation: "touchSession")
            try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens", operation: "createSessionToken")
            try await device.send("POST", "/v1/client/sessions/\(sessionID)/end", operation: "endSession")

            // Client Trust on a new device.
            let laptop = server.client()
            let trust = try await laptop.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            try await laptop.signInAction(trust.id, "prepare_second_factor", [("strategy", "email_code")])
            try await laptop.signInAction(
                trust.id, "attempt_second_factor", [("strategy", "email_code"), ("code", try #require(server.latestCode(to: email)))])
            try await laptop.send("DELETE", "/v1/client", operation: "deleteClientSessions")

            // MFA with an authenticator app, and a code sign-in's first factor.
            let mfaEmail = Fixture.email()
            let seeded = try await server.seedUser(SeedUser(emailAddress: mfaEmail, password: Fixture.password, generateTOTPSecret: true))
            let secret = try #require(seeded.totpSecret)
            let totp = try #require(LocalTOTP(base32Secret: secret))
            let phoneDevice = server.client()
            let mfa = try await phoneDevice.signIn([("identifier", mfaEmail), ("password", Fixture.password)]).signIn
            try await phoneDevice.signInAction(mfa.id, "attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: Date()))])
            let mfaClient = try await phoneDevice.send("GET", "/v1/client").client
            let mfaSession = try #require(mfaClient?.lastActiveSessionID)
            try await phoneDevice.send("POST", "/v1/client/sessions/\(mfaSession)/remove", operation: "removeSession")
            let reset = try await phoneDevice.signIn([("identifier", mfaEmail)]).signIn
            try await phoneDevice.signInAction(reset.id, "prepare_first_factor", [("strategy", "reset_password_email_code")])

            // An error answer.
            try await server.client().signIn([("identifier", Fixture.email()), ("password", Fixture.password)])

            return records + [device, laptop, phoneDevice].flatMap(\.recorded)
        }
        records += try await withServer(SettingsPreset.signInOrUp.settings) { server in
            let device = server.client()
            let email = Fixture.email()
            let signIn = try await device.signIn([("identifier", email), ("sign_up_if_missing", "true")]).signIn
            try await device.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code")])
            try await device.signInAction(
                signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", try #require(server.latestCode(to: email)))])
            let transferred = try await device.signUp([("transfer", "true")]).signUp
            try await device.send("PATCH", "/v1/client/sign_ups/\(transferred.id)", form: [("legal_accepted", "true")], operation: "updateSignUps")
            return device.recorded
        }
        records += try await Self.emailLinkAnswers()
        records += try await Self.ticketAnswers()
        records += try await Self.accountAnswers()
        records += try await Self.reverificationAnswers()
        records += try await Self.invitationAnswers()
        records += try await Self.identityTokenAnswers()
        records += try await Self.oauthAnswers()
        records += try await Self.oauthConnectAnswers()
        records += try await Self.oauthSignUpAnswers()
        records += try await Self.passkeyAnswers()
        records += try await Self.waitlistAnswers()
        records += try await Self.trustedDeviceAnswers()
        for preset in SettingsPreset.allCases {
            let answer = try await withServer(preset.settings) { server in try await server.client().send("GET", "/v1/environment") }
            records.append(FAPIClient.Record(operation: "getEnvironment", status: answer.status, data: answer.data))
        }
        #expect(records.count > 20)
        try Self.validate(records, against: spec)
    }

    /// Runs `validate_responses.py` over `records` with `spec`: an issue for every answer that does not match.
    static func validate(_ records: [FAPIClient.Record], against spec: URL) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-answers-\(UUID().uuidString).json")
        let payload = try records.map { record in
            ["operation": record.operation, "status": record.status, "body": try JSONSerialization.jsonObject(with: record.data)] as [String: Any]
        }
        try JSONSerialization.data(withJSONObject: payload).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        if let keep = ProcessInfo.processInfo.environment["CLERK_LOCAL_KEEP_ANSWERS"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: file.path, toPath: keep)
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, spec.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.launchSerialized()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: print("spec validation: \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
        case 2: Issue.record("spec validation could not run, with the spec and the Python tools present: \(text)")
        default: Issue.record("answers that do not match the spec:\n\(text)")
        }
    }

    /// Email links: a sign-in by link (created, then read once opened), Client Trust by link, and a
    /// sign-up verified by link.
    static func emailLinkAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let redirect = "clerk-local://email-link"
            func openLatestLink(to email: String) async throws {
                let link = try #require(server.latestLink(to: email))
                let components = try #require(URLComponents(string: link))
                _ = try await server.client().send("GET", components.path + "?" + (components.query ?? ""))
            }
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let signIn = try await device.signIn([("identifier", email), ("strategy", "email_link"), ("redirect_url", redirect)]).signIn
            try await openLatestLink(to: email)
            try await device.send("GET", "/v1/client/sign_ins/\(signIn.id)", operation: "getSignIn")

            let laptop = server.client()
            let trust = try await laptop.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            try await laptop.signInAction(trust.id, "prepare_second_factor", [("strategy", "email_link"), ("redirect_url", redirect)])
            try await openLatestLink(to: email)
            try await laptop.send("GET", "/v1/client/sign_ins/\(trust.id)", operation: "getSignIn")

            let newcomer = server.client()
            let newEmail = Fixture.email()
            let created = try await newcomer.signUp([("email_address", newEmail), ("password", Fixture.password)]).signUp
            try await newcomer.signUpAction(created.id, "prepare_verification", [("strategy", "email_link"), ("redirect_url", redirect)])
            try await openLatestLink(to: newEmail)
            try await newcomer.send("GET", "/v1/client/sign_ups/\(created.id)", operation: "getSignUps")
            try await newcomer.send("GET", "/v1/verify?token=opened-already-or-never-sent", operation: "verify")
            return [device, laptop, newcomer].flatMap(\.recorded)
        }
    }

    /// A sign-in with a backend-minted sign-in token, and its refused second use.
    static func ticketAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let userID = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password)).id
            let minted = try await server.backend("POST", "/sign_in_tokens", json: ["user_id": userID])
            let token = try #require(minted.json["token"] as? String)
            let device = server.client()
            try await device.signIn([("strategy", "ticket"), ("ticket", token)])
            let again = server.client()
            try await again.signIn([("strategy", "ticket"), ("ticket", token)])
            return device.recorded + again.recorded
        }
    }
}

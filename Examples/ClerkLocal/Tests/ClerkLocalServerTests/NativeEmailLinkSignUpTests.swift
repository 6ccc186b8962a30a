import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Native email links (PKCE) for a sign-up, as Clerk's iOS SDK uses them: `prepare_verification`
/// with the S256 challenge of a verifier the app keeps; opening the link verifies nothing but sends
/// the browser to the app with `flow_id` (the sign-up's id) and `approval_token`;
/// `POST /v1/client/magic_links/complete` with the verifier verifies the address and answers the
/// sign-up itself. Every refusal changes nothing.
@Suite("Native email links (PKCE) for sign-ups")
struct NativeEmailLinkSignUpTests {
    static let redirect = NativeLinkWire.redirect

    struct Started {
        var device: FAPIClient
        var signUp: SignUp
        var email: String
        var verifier: String
        var linkPath: String
    }

    /// A sign-up (`email_address` and `extra`) whose native link was sent: `prepare_verification` with the challenge.
    func start(_ server: TestServer, extra: [(String, String)] = [("password", Fixture.password)]) async throws -> Started {
        let device = server.client()
        let email = Fixture.email()
        let created = try await device.signUp([("email_address", email)] + extra).signUp
        let verifier = PKCE.newVerifier()
        let prepared = try await device.signUpAction(
            created.id, "prepare_verification",
            [
                ("strategy", "email_link"), ("redirect_url", Self.redirect), ("code_challenge", PKCE.challenge(for: verifier)),
                ("code_challenge_method", "S256"),
            ])
        #expect(prepared.status == 200, "\(String(decoding: prepared.data, as: UTF8.self))")
        let link = try #require(server.latestLink(to: email))
        let components = try #require(URLComponents(string: link))
        #expect(components.path == "/v1/verify")
        return Started(
            device: device, signUp: try prepared.signUp, email: email, verifier: verifier,
            linkPath: components.path + "?" + (components.query ?? ""))
    }

    /// The completion; answers that are sign-ups are recorded as `attemptSignUpsVerification`'s,
    /// the spec operation whose answer has the same shape (the spec does not list this endpoint).
    @discardableResult
    func complete(_ device: FAPIClient, flowID: String, token: String, verifier: String) async throws -> FAPIClient.Answer {
        try await NativeLinkWire.complete(device, flowID: flowID, token: token, verifier: verifier, operation: "attemptSignUpsVerification")
    }

    private func read(_ device: FAPIClient, _ id: String) async throws -> SignUp {
        try await device.send("GET", "/v1/client/sign_ups/\(id)").signUp
    }

    @Test("opening the link verifies nothing; the verifier's holder completes it: the address verified, the sign-up complete and active")
    func completesWithTheVerifier() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let started = try await start(server)
            #expect(started.signUp.status == .missingRequirements)
            #expect(started.signUp.verifications.emailAddress?.strategy == .emailLink)

            let opened = try await NativeLinkWire.open(started.linkPath, on: server)
            #expect(opened["flow_id"] == started.signUp.id)
            #expect(opened["__clerk_status"] == nil)
            let token = try #require(opened["approval_token"])
            let waiting = try await read(started.device, started.signUp.id)
            #expect(waiting.status == .missingRequirements, "opening a native link completes nothing")
            #expect(waiting.verifications.emailAddress?.status != .verified, "opening a native link verifies nothing")

            let answer = try await complete(started.device, flowID: started.signUp.id, token: token, verifier: started.verifier)
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let done = try answer.signUp
            #expect(done.id == started.signUp.id)
            #expect(done.status == .complete)
            #expect(done.verifications.emailAddress?.status == .verified)
            let session = try #require(done.createdSessionID)
            #expect(try answer.client?.lastActiveSessionID == session)

            let replay = try await complete(started.device, flowID: started.signUp.id, token: token, verifier: started.verifier)
            expectError(replay, status: 422, code: "approval_token_consumed", param: "approval_token")
            let reopened = try await NativeLinkWire.open(started.linkPath, on: server)
            #expect(reopened["__clerk_status"] == "failed")
            #expect(reopened["approval_token"] == nil)

        }
    }

    @Test("a requirement still missing is still enforced: the address is verified, the sign-up waits for the legal terms")
    func missingRequirementsStillEnforced() async throws {
        var settings = SettingsPreset.emailLink.settings
        settings.legalConsentRequired = true
        try await withServer(settings) { server in
            let started = try await start(server)
            let token = try #require(try await NativeLinkWire.open(started.linkPath, on: server)["approval_token"])
            let answer = try await complete(started.device, flowID: started.signUp.id, token: token, verifier: started.verifier)
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let waiting = try answer.signUp
            #expect(waiting.status == .missingRequirements)
            #expect(waiting.missingFields == [.legalAccepted])
            #expect(waiting.unverifiedFields.isEmpty)
            #expect(waiting.verifications.emailAddress?.status == .verified)
            #expect(waiting.createdSessionID == nil)

            let accepted = try await started.device.send("PATCH", "/v1/client/sign_ups/\(started.signUp.id)", form: [("legal_accepted", "true")])
            #expect(try accepted.signUp.status == .complete)
        }
    }

    @Test("a wrong verifier, a wrong token, another client and an unopened link are refused, and change nothing")
    func refusalsChangeNothing() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let started = try await start(server)
            let flow = started.signUp.id

            let early = try await complete(started.device, flowID: flow, token: "not-opened-yet", verifier: started.verifier)
            expectError(early, status: 422, code: "approval_token_invalid", param: "approval_token")

            let token = try #require(try await NativeLinkWire.open(started.linkPath, on: server)["approval_token"])
            let before = try await read(started.device, flow)

            let wrongVerifier = try await complete(started.device, flowID: flow, token: token, verifier: PKCE.newVerifier())
            expectError(wrongVerifier, status: 422, code: "pkce_verification_failed", param: "code_verifier")
            let malformedVerifier = try await complete(started.device, flowID: flow, token: token, verifier: "short")
            expectError(malformedVerifier, status: 422, code: "pkce_verification_failed", param: "code_verifier")
            let wrongToken = try await complete(started.device, flowID: flow, token: token + "x", verifier: started.verifier)
            expectError(wrongToken, status: 422, code: "approval_token_invalid", param: "approval_token")
            let otherDevice = server.client()
            _ = try await otherDevice.signUp([("email_address", Fixture.email()), ("password", Fixture.password)])
            let foreign = try await complete(otherDevice, flowID: flow, token: token, verifier: started.verifier)
            expectError(foreign, status: 422, code: "form_param_value_invalid", param: "flow_id")
            let noClient = try await complete(server.client(), flowID: flow, token: token, verifier: started.verifier)
            #expect(noClient.status == 401)
            #expect(try await read(started.device, flow) == before)
            #expect(try await started.device.send("GET", "/v1/client").client?.sessions.isEmpty == true)

            // Nothing was used up: the right verifier still completes.
            let answer = try await complete(started.device, flowID: flow, token: token, verifier: started.verifier)
            #expect(try answer.signUp.status == .complete)
        }
    }

    @Test("an approval that expired is refused and changes nothing; a link opened after it expired approves nothing (injected clock)")
    func expiry() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailLink.settings, now: { clock.now() }) { server in
            let started = try await start(server)
            let token = try #require(try await NativeLinkWire.open(started.linkPath, on: server)["approval_token"])
            clock.advance(by: .seconds(601))
            let before = try await read(started.device, started.signUp.id)
            let late = try await complete(started.device, flowID: started.signUp.id, token: token, verifier: started.verifier)
            expectError(late, status: 422, code: "approval_token_expired", param: "approval_token")
            #expect(try await read(started.device, started.signUp.id) == before)

            let second = try await start(server)
            clock.advance(by: .seconds(601))
            let expired = try await NativeLinkWire.open(second.linkPath, on: server)
            #expect(expired["__clerk_status"] == "expired")
            #expect(expired["approval_token"] == nil)
        }
    }

    @Test(
        "a challenge the server cannot check is refused before a link is sent",
        arguments: [
            ("email_link", "plain", true, "form_param_value_invalid", "code_challenge_method"),
            ("email_link", "S256", false, "form_param_format_invalid", "code_challenge"),
            ("email_code", "S256", true, "form_param_unknown", "code_challenge"),
        ])
    func refusedChallenge(_ strategy: String, _ method: String, _ wellFormed: Bool, _ code: String, _ param: String) async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let device = server.client()
            let email = Fixture.email()
            let created = try await device.signUp([("email_address", email), ("password", Fixture.password)]).signUp
            let challenge = wellFormed ? PKCE.challenge(for: PKCE.newVerifier()) : "not a challenge"
            let answer = try await device.signUpAction(
                created.id, "prepare_verification",
                [("strategy", strategy), ("redirect_url", Self.redirect), ("code_challenge", challenge), ("code_challenge_method", method)])
            #expect(answer.status >= 400)
            #expect(answer.error?.code.rawValue == code)
            #expect(answer.error?.meta?.paramName == param)
            #expect(server.outbox(to: email).isEmpty)
            #expect(try await read(device, created.id) == created)
        }
    }
}

/// A sign-up's native email link answers against the schemas of Clerk's spec: the created and
/// prepared sign-up, the completed one (the spec does not list the completion: checked as the sign-up answer of
/// `attempt_verification`, which has its shape) and the refused replay.
@Suite(
    "Native email link sign-up answers conform to the spec",
    .enabled(TestTools.missing("Python's openapi-schema-validator or PyYAML")) { TestTools.pythonImports("openapi_schema_validator", "yaml") })
struct NativeEmailLinkSignUpSpecValidationTests {
    @Test("created, prepared, completed, replayed", .enabled(if: SpecValidationTests.spec != nil, "needs Clerk's Frontend API spec: CLERK_FAPI_SPEC"))
    func answersValidate() async throws {
        let spec = try #require(SpecValidationTests.spec)
        let records = try await withServer(SettingsPreset.emailLink.settings) { server in
            let flow = NativeEmailLinkSignUpTests()
            let started = try await flow.start(server)
            let token = try #require(try await NativeLinkWire.open(started.linkPath, on: server)["approval_token"])
            try await flow.complete(started.device, flowID: started.signUp.id, token: token, verifier: started.verifier)
            try await flow.complete(started.device, flowID: started.signUp.id, token: token, verifier: started.verifier)
            return started.device.recorded
        }
        #expect(records.map(\.status) == [200, 200, 200, 422])
        try SpecValidationTests.validate(records, against: spec)
    }
}

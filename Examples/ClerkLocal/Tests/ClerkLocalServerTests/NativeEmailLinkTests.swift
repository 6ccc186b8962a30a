import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Native email links (PKCE), as Clerk's iOS SDK uses them: prepared with the S256 challenge of a
/// verifier the app keeps; opening the link signs nobody in but sends the browser to the app with
/// `flow_id` and `approval_token`; `POST /v1/client/magic_links/complete` with the verifier answers a
/// one-time sign-in ticket. Every refusal changes nothing.
@Suite("Native email links (PKCE)")
struct NativeEmailLinkTests {
    static let redirect = NativeLinkWire.redirect

    struct Started {
        var device: FAPIClient
        var signIn: SignIn
        var verifier: String
        var linkPath: String
    }

    /// The email address of a new account.
    private func seededAddress(_ server: TestServer) async throws -> String {
        let email = Fixture.email()
        _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
        return email
    }

    /// A sign-in whose native link was sent: `{identifier}`, then `prepare_first_factor` with the challenge.
    private func start(_ server: TestServer, email: String) async throws -> Started {
        let device = server.client()
        let created = try await device.signIn([("identifier", email)]).signIn
        let factor = try #require(created.supportedFirstFactors?.first { $0.strategy == .emailLink })
        let verifier = PKCE.newVerifier()
        let prepared = try await device.send(
            "POST", "/v1/client/sign_ins/\(created.id)/prepare_first_factor",
            form: [
                ("strategy", "email_link"), ("email_address_id", factor.emailAddressID ?? ""), ("redirect_url", Self.redirect),
                ("code_challenge", PKCE.challenge(for: verifier)), ("code_challenge_method", "S256"),
            ])
        #expect(prepared.status == 200, "\(String(decoding: prepared.data, as: UTF8.self))")
        let link = try #require(server.latestLink(to: email))
        let components = try #require(URLComponents(string: link))
        #expect(components.path == "/v1/verify")
        return Started(device: device, signIn: try prepared.signIn, verifier: verifier, linkPath: components.path + "?" + (components.query ?? ""))
    }

    private func currentSignIn(_ device: FAPIClient) async throws -> SignIn? {
        try await device.send("GET", "/v1/client").client?.signIn
    }

    @Test("opening the link signs nobody in; the verifier's holder completes it with a ticket that signs in once")
    func completesWithTheVerifier() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = try await seededAddress(server)
            let started = try await start(server, email: email)
            #expect(started.signIn.status == .needsFirstFactor)
            #expect(started.signIn.firstFactorVerification?.strategy == .emailLink)

            let opened = try await NativeLinkWire.open(started.linkPath, on: server)
            #expect(opened["flow_id"] == started.signIn.id)
            let token = try #require(opened["approval_token"])
            #expect(opened["__clerk_status"] == nil)
            #expect(opened["__clerk_created_session"] == nil)
            #expect(try await currentSignIn(started.device)?.status == .needsFirstFactor, "opening a native link signs nobody in")

            let answer = try await NativeLinkWire.complete(started.device, flowID: started.signIn.id, token: token, verifier: started.verifier)
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let completion = try answer.decode(ClientEnvelope<NativeEmailLinkCompletion, ClientResource>.self).response
            #expect(completion.flowID == started.signIn.id)

            let signedIn = try await started.device.signIn([("strategy", "ticket"), ("ticket", completion.ticket)]).signIn
            #expect(signedIn.status == .complete)
            #expect(signedIn.createdSessionID != nil)
            let again = try await server.client().signIn([("strategy", "ticket"), ("ticket", completion.ticket)])
            expectError(again, status: 400, code: "sign_in_token_already_used_code", param: "ticket")

            let replay = try await NativeLinkWire.complete(started.device, flowID: started.signIn.id, token: token, verifier: started.verifier)
            expectError(replay, status: 422, code: "approval_token_consumed", param: "approval_token")
            let reopened = try await NativeLinkWire.open(started.linkPath, on: server)
            #expect(reopened["__clerk_status"] == "failed")
            #expect(reopened["approval_token"] == nil)
        }
    }

    @Test("a wrong verifier, a wrong token, another client and an unopened link are refused, and change nothing")
    func refusalsChangeNothing() async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = try await seededAddress(server)
            let started = try await start(server, email: email)
            let flow = started.signIn.id

            let early = try await NativeLinkWire.complete(started.device, flowID: flow, token: "not-opened-yet", verifier: started.verifier)
            expectError(early, status: 422, code: "approval_token_invalid", param: "approval_token")

            let opened = try await NativeLinkWire.open(started.linkPath, on: server)
            let token = try #require(opened["approval_token"])
            let before = try await currentSignIn(started.device)

            let wrongVerifier = try await NativeLinkWire.complete(started.device, flowID: flow, token: token, verifier: PKCE.newVerifier())
            expectError(wrongVerifier, status: 422, code: "pkce_verification_failed", param: "code_verifier")
            let malformedVerifier = try await NativeLinkWire.complete(started.device, flowID: flow, token: token, verifier: "short")
            expectError(malformedVerifier, status: 422, code: "pkce_verification_failed", param: "code_verifier")
            let wrongToken = try await NativeLinkWire.complete(started.device, flowID: flow, token: token + "x", verifier: started.verifier)
            expectError(wrongToken, status: 422, code: "approval_token_invalid", param: "approval_token")
            let otherDevice = server.client()
            _ = try await otherDevice.signIn([("identifier", email)])
            let otherClient = try await NativeLinkWire.complete(otherDevice, flowID: flow, token: token, verifier: started.verifier)
            expectError(otherClient, status: 422, code: "form_param_value_invalid", param: "flow_id")
            let noClient = try await NativeLinkWire.complete(server.client(), flowID: flow, token: token, verifier: started.verifier)
            #expect(noClient.status == 401)
            #expect(try await currentSignIn(started.device) == before)

            // Nothing was used up: the right verifier still completes.
            let answer = try await NativeLinkWire.complete(started.device, flowID: flow, token: token, verifier: started.verifier)
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
        }
    }

    @Test("an approval that expired is refused and changes nothing; a link opened after it expired approves nothing (injected clock)")
    func expiry() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailLink.settings, now: { clock.now() }) { server in
            let email = try await seededAddress(server)
            let started = try await start(server, email: email)
            let opened = try await NativeLinkWire.open(started.linkPath, on: server)
            let token = try #require(opened["approval_token"])
            clock.advance(by: .seconds(601))
            let before = try await currentSignIn(started.device)
            let late = try await NativeLinkWire.complete(started.device, flowID: started.signIn.id, token: token, verifier: started.verifier)
            expectError(late, status: 422, code: "approval_token_expired", param: "approval_token")
            #expect(try await currentSignIn(started.device) == before)

            let second = try await start(server, email: email)
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
            ("email_link", "", true, "form_param_value_invalid", "code_challenge_method"),
            ("email_link", "S256", false, "form_param_format_invalid", "code_challenge"),
            ("email_code", "S256", true, "form_param_unknown", "code_challenge"),
        ])
    func refusedChallenge(_ strategy: String, _ method: String, _ wellFormed: Bool, _ code: String, _ param: String) async throws {
        try await withServer(SettingsPreset.emailLink.settings) { server in
            let email = try await seededAddress(server)
            let device = server.client()
            let created = try await device.signIn([("identifier", email)]).signIn
            let factor = try #require(created.supportedFirstFactors?.first { $0.strategy == .emailLink })
            let challenge = wellFormed ? PKCE.challenge(for: PKCE.newVerifier()) : "not a challenge"
            let answer = try await device.send(
                "POST", "/v1/client/sign_ins/\(created.id)/prepare_first_factor",
                form: [
                    ("strategy", strategy), ("email_address_id", factor.emailAddressID ?? ""), ("redirect_url", Self.redirect),
                    ("code_challenge", challenge), ("code_challenge_method", method),
                ])
            #expect(answer.status >= 400)
            let error = try answer.decode(ErrorResponse.self).errors.first
            #expect(error?.code.rawValue == code)
            #expect(error?.meta?.paramName == param)
            #expect(server.outbox(to: email).isEmpty)
            #expect(try await currentSignIn(device) == created)
        }
    }
}

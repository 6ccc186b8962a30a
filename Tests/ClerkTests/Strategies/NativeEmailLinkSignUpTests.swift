import ClerkTesting
import Foundation
import Testing

@testable import Clerk
@testable import ClerkEmailLink

/// Native email links (PKCE) for a sign-up, on the wire: the challenge goes with
/// `prepare_verification`, the verifier with the completion, which answers the sign-up itself.
/// Checked against the scripted transport.
@Suite("Native email link (PKCE) for sign-ups")
struct NativeEmailLinkSignUpTests {
    static let created = Fixture.signUp(
        status: .missingRequirements, unverified: [.emailAddress], email: Fixture.verification(.emailLink, next: .needsPrepare))
    static let prepared = Fixture.signUp(
        status: .missingRequirements, unverified: [.emailAddress], email: Fixture.verification(.emailLink, next: .needsAttempt))
    static let complete = Fixture.signUp(status: .complete, email: Fixture.verification(.emailLink, .verified), session: "sess_1")
    static let callback = URL(string: "myapp://email-link?flow_id=sua_1&approval_token=approval_123")!
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"

    @Test("start: the sign-up, then prepare_verification with the challenge; complete: the verifier, answered with the sign-up, its session active")
    func wire() async throws {
        let harness = LinkHarness([
            .respond(Fixture.envelope(Self.created, client: Fixture.client(signUp: Self.created))),
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signUp: Self.prepared))),
            .respond(Fixture.envelope(Self.complete, client: Fixture.client(signUp: Self.complete, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
        let pending = try await harness.client.startNativeEmailLinkSignUp(
            CreateSignUpRequest.Body(password: "hunter2-Secret", emailAddress: jane), redirectURL: Fixture.redirectURL,
            verifier: try EmailLinkVerifier(SecretString(Self.verifier)))
        #expect(pending.flowID == "sua_1")
        let signUp = try await pending.complete(link: Self.callback)
        #expect(signUp.isComplete)
        #expect(signUp.verifications.emailAddress?.status == .verified)
        let active = try await signUp.finalize()
        #expect(active.session.id == "sess_1")
        #expect(!active.neededRequest)

        #expect(harness.requests.count == 3)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ups", form: [("password", "hunter2-Secret"), ("email_address", jane)])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ups/sua_1/prepare_verification",
            form: [
                ("strategy", "email_link"), ("redirect_url", "myapp://email-link"),
                ("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"), ("code_challenge_method", "S256"),
            ])
        expectRequest(
            harness.requests[2], .post, "/v1/client/magic_links/complete",
            form: [("flow_id", "sua_1"), ("approval_token", "approval_123"), ("code_verifier", Self.verifier)])
    }

    @Test("a refused completion is not repeated and completes nothing; the error names the code")
    func refusal() async throws {
        let harness = LinkHarness([.respond(Fixture.error(422, .approvalTokenConsumed, param: "approval_token"))])
        let pending = NativeEmailLinkSignUp(signUp: SignUpHandle(client: harness.client, signUp: Self.prepared), verifier: EmailLinkVerifier())
        do {
            _ = try await pending.complete(link: Self.callback)
            Issue.record("the refusal was not thrown")
        } catch {
            #expect(error.hasCode(.approvalTokenConsumed))
        }
        #expect(harness.requests.count == 1)
        #expect(await harness.client.activeSession == nil)
    }

    @Test("another flow's link is refused before any request")
    func foreignLink() async throws {
        let harness = LinkHarness([])
        let pending = NativeEmailLinkSignUp(signUp: SignUpHandle(client: harness.client, signUp: Self.prepared), verifier: EmailLinkVerifier())
        await #expect(throws: ClerkError.invalidInput(InvalidInput(field: "flow_id", reason: "the link belongs to another sign-up"))) {
            try await pending.complete(link: URL(string: "myapp://email-link?flow_id=sia_1&approval_token=a")!)
        }
        #expect(harness.requests.isEmpty)
        #expect(!"\(pending)".contains(pending.verifier.value.revealed))
    }
}

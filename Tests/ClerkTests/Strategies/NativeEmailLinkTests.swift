import ClerkTesting
import Foundation
import Testing

@testable import Clerk
@testable import ClerkEmailLink

/// Native email links (PKCE), on the wire: the challenge goes with the prepare, the verifier with
/// the completion, then the ticket signs in. Checked against the scripted transport.
@Suite("Native email link (PKCE)")
struct NativeEmailLinkTests {
    static let started = Fixture.envelope(
        Fixture.signIn(status: .needsFirstFactor, first: [Fixture.linkFactor, Fixture.passwordFactor]),
        client: Fixture.client(signIn: Fixture.signIn(status: .needsFirstFactor, first: [Fixture.linkFactor, Fixture.passwordFactor])))
    static let completion = Fixture.envelope(NativeEmailLinkCompletion(flowID: "sia_1", ticket: "ticket_123"), client: Fixture.client())
    static let ticketSignIn = Fixture.signIn(
        id: "sia_2", status: .complete, first: nil, firstVerification: Fixture.verification(.ticket, .verified), session: "sess_1")
    static let callback = URL(string: "myapp://email-link?flow_id=sia_1&approval_token=approval_123")!

    @Test("RFC 7636's example verifier gives its example challenge; a new verifier is 43 characters of base64url")
    func challenge() throws {
        let verifier = try EmailLinkVerifier(SecretString("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(verifier.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let fresh = EmailLinkVerifier()
        #expect(fresh.value.revealed.count == 43)
        #expect(fresh.value.revealed.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(fresh != EmailLinkVerifier())
        #expect(!"\(fresh)".contains(fresh.value.revealed))
        #expect(throws: ClerkError.self) { try EmailLinkVerifier(SecretString("too-short")) }
        #expect(throws: ClerkError.self) { try EmailLinkVerifier(SecretString(String(repeating: "é", count: 43))) }
    }

    @Test("SHA-256 of FIPS 180-4's examples, one and two blocks, and of a message that fills the padding")
    func sha256() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
        #expect(hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.digest([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.digest([UInt8](repeating: 0x61, count: 1000))) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("start: the sign-in, then prepare_first_factor with the challenge; complete: the verifier, then the ticket")
    func wire() async throws {
        let harness = LinkHarness([
            .respond(Self.started), .respond(Self.started), .respond(Self.completion),
            .respond(Fixture.envelope(Self.ticketSignIn, client: Fixture.completedClient(Self.ticketSignIn))),
        ])
        let verifier = try EmailLinkVerifier(SecretString("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        let pending = try await harness.client.startNativeEmailLinkSignIn(emailAddress: jane, redirectURL: Fixture.redirectURL, verifier: verifier)
        #expect(pending.flowID == "sia_1")
        let signIn = try await pending.complete(link: Self.callback)
        #expect(signIn.isComplete)
        #expect(signIn.createdSessionID == "sess_1")

        #expect(harness.requests.count == 4)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("identifier", jane)])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor",
            form: [
                ("strategy", "email_link"), ("email_address_id", "idn_email"), ("redirect_url", "myapp://email-link"),
                ("code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"), ("code_challenge_method", "S256"),
            ])
        expectRequest(
            harness.requests[2], .post, "/v1/client/magic_links/complete",
            form: [("flow_id", "sia_1"), ("approval_token", "approval_123"), ("code_verifier", "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")])
        expectRequest(harness.requests[3], .post, "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", "ticket_123")])
    }

    @Test("a refused completion is not repeated and signs nothing in; the error names the code")
    func refusal() async throws {
        let harness = LinkHarness([.respond(Fixture.error(422, .pkceVerificationFailed, param: "code_verifier"))])
        let pending = NativeEmailLinkSignIn(signIn: SignInHandle(client: harness.client, signIn: Fixture.linkSent), verifier: EmailLinkVerifier())
        do {
            _ = try await pending.complete(link: Self.callback)
            Issue.record("the refusal was not thrown")
        } catch {
            #expect(error.hasCode(.pkceVerificationFailed))
        }
        #expect(harness.requests.count == 1)
    }

    @Test(
        "a URL that is not this flow's native link is refused before any request",
        arguments: [
            (
                "myapp://email-link?flow_id=sia_other&approval_token=a",
                ClerkError.invalidInput(InvalidInput(field: "flow_id", reason: "the link belongs to another sign-in"))
            ),
            (
                "myapp://email-link?flow_id=sia_1",
                ClerkError.invalidInput(InvalidInput(field: "approval_token", reason: "the URL is not a native email link (no approval_token)"))
            ),
            ("myapp://email-link", ClerkError.invalidInput(InvalidInput(field: "flow_id", reason: "the URL is not a native email link (no flow_id)"))),
            ("myapp://email-link?__clerk_status=expired", ClerkError.flow(.emailLink(.expired))),
            ("myapp://email-link?__clerk_status=failed", ClerkError.flow(.emailLink(.failed))),
        ])
    func foreignLinks(_ link: String, _ expected: ClerkError) async throws {
        let harness = LinkHarness([])
        let pending = NativeEmailLinkSignIn(signIn: SignInHandle(client: harness.client, signIn: Fixture.linkSent), verifier: EmailLinkVerifier())
        await #expect(throws: expected) { try await pending.complete(link: URL(string: link)!) }
        #expect(harness.requests.isEmpty)
    }

    @Test("the approval token never shows in descriptions")
    func redaction() throws {
        let callback = try NativeEmailLinkCallback(Self.callback)
        #expect(callback.flowID == "sia_1")
        #expect(callback.approvalToken.revealed == "approval_123")
        #expect(!"\(callback)".contains("approval_123"))
        #expect(!String(reflecting: callback).contains("approval_123"))
    }
}

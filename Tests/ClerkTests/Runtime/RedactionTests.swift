import ClerkPassword
import Foundation
import Testing

@testable import Clerk

@Suite("Redaction")
struct RedactionTests {
    static let secrets = ["hunter2-Secret", "424242", "client_token_SECRET", "eyJhbGciOi.SECRET.jwt", "JBSWY3DPEHPK3PXP"]

    /// Every way a value can be printed.
    static func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped, "\(value)"]
    }

    static func expectClean(_ value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in renderings(value) {
            for secret in secrets {
                #expect(!text.contains(secret), "\(secret) leaked in: \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("requests hide the client token and the body")
    func request() {
        let request = TransportRequest(
            method: .post, url: URL(string: "https://clerk.example.com/v1/client/sign_ins?_is_native=true")!,
            headers: ["Authorization": "client_token_SECRET", "x-mobile": "1"],
            body: Data("identifier=jane&password=hunter2-Secret&code=424242".utf8))
        Self.expectClean(request)
        #expect(String(describing: request).contains("x-mobile: 1"))
        #expect(String(describing: request).contains(Redaction.placeholder))
    }

    @Test("responses hide the client token and the body")
    func response() {
        let response = TransportResponse(
            status: 200, json: #"{"object":"token","jwt":"eyJhbGciOi.SECRET.jwt"}"#,
            headers: ["Authorization": "client_token_SECRET"])
        Self.expectClean(response)
    }

    @Test("secrets, answers, details and questions hide passwords and codes")
    func flowValues() {
        Self.expectClean(SecretString("hunter2-Secret"))
        Self.expectClean(FlowAnswer.code("424242"))
        Self.expectClean(FlowAnswer.password("hunter2-Secret"))
        Self.expectClean([FlowAnswer.password("hunter2-Secret"), .code("424242")])
        Self.expectClean(SignUpDetails(emailAddress: "jane@example.com", password: "hunter2-Secret", legalAccepted: true))
        Self.expectClean(FlowQuestion.password(identifier: "jane", retry: nil))
    }

    @Test("token stores hide the token")
    func tokenStores() {
        Self.expectClean(InMemoryTokenStore(token: "client_token_SECRET"))
        Self.expectClean(FileTokenStore(fileURL: URL(fileURLWithPath: "/tmp/x")))
    }

    @Test("sessions, tokens and generated bodies hide their secrets")
    func resources() {
        let session = ActiveSession(session: Fixture.session(jwt: "eyJhbGciOi.SECRET.jwt"), neededRequest: false)
        Self.expectClean(session)
        Self.expectClean(TokenResource(jwt: "eyJhbGciOi.SECRET.jwt"))
        Self.expectClean(CreateSignInRequest.Body(identifier: "jane", password: "hunter2-Secret"))
        Self.expectClean(AttemptSignInSecondFactorRequest.Body(strategy: .totp, code: "424242"))
        Self.expectClean(PasswordStrategy().attemptFirstFactor("hunter2-Secret"))
    }

    @Test("log lines and errors of a whole sign-in carry no secret")
    func logs() async throws {
        let signIn = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor])
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness(
            [
                .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn), headers: ["Authorization": "client_token_SECRET"])),
                .respond(Fixture.error(422, .formCodeIncorrect, param: "code")),
                .respond(Fixture.envelope(done, client: Fixture.completedClient(done, session: Fixture.session(jwt: "eyJhbGciOi.SECRET.jwt")))),
                .respond(TransportResponse(status: 200, json: #"{"object":"token","jwt":"eyJhbGciOi.SECRET.jwt"}"#)),
            ], token: nil)
        let handle = try await harness.client.signInWithPassword(identifier: "jane", password: "hunter2-Secret")
        let error = await clerkError { try await handle.attemptSecondFactor(.init(strategy: .totp, code: "424242")) }
        Self.expectClean(error as Any)
        let finished = try await handle.attemptSecondFactor(.init(strategy: .totp, code: "424242"))
        Self.expectClean(finished)
        Self.expectClean(try await finished.finalize())
        Self.expectClean(try await harness.client.sessionToken())
        Self.expectClean(harness.client)
        #expect(!harness.log.values.isEmpty)
        for line in harness.log.values {
            for secret in Self.secrets { #expect(!line.contains(secret), "\(line)") }
        }
    }
}

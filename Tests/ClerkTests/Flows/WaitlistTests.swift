import ClerkIDToken
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// The waitlist: `joinWaitlist(emailAddress:)` on the wire, and the flow driver's refusal of a sign-up
/// on an instance in waitlist mode as a flow error that keeps the API's answer.
@Suite("Waitlist")
struct WaitlistTests {
    static let entry = TransportResponse(status: 200, json: #"{"object":"waitlist_entry","id":"wle_1"}"#)
    static let refusal = Fixture.error(403, .signUpRestrictedWaitlist, message: "Sign-ups restricted with waitlist")

    @Test("joinWaitlist sends one form POST to /v1/waitlist with the trimmed address and answers the entry")
    func joinOnTheWire() async throws {
        let harness = Harness([.respond(Self.entry)])
        let entry = try await harness.client.joinWaitlist(emailAddress: "  grace@example.com\n")
        #expect(entry == WaitlistEntry(id: "wle_1"))
        #expect(harness.requests.count == 1)
        expectRequest(harness.requests.first, .post, "/v1/waitlist", form: [("email_address", "grace@example.com")])
        #expect(await harness.client.client == nil, "joining changes nothing on the client")
    }

    @Test("an empty address is refused before any request")
    func emptyAddress() async {
        let harness = Harness([])
        let error = await clerkError { try await harness.client.joinWaitlist(emailAddress: " ") }
        #expect(error == .invalidInput(InvalidInput(field: "email_address", reason: "is empty")))
        #expect(harness.requests.isEmpty)
    }

    @Test("joining is safe to repeat: a 503 is retried and the second answer is the entry")
    func retried() async throws {
        let harness = Harness([.respond(Fixture.error(503, .internalClerkError)), .respond(Self.entry)])
        #expect(try await harness.client.joinWaitlist(emailAddress: "grace@example.com").id == "wle_1")
        #expect(harness.requests.count == 2)
    }

    @Test("the API's refusal of joining is an API error with its code")
    func notAccepting() async {
        let harness = Harness([.respond(Fixture.error(403, .waitlistNotAcceptingEntries))])
        let error = await clerkError { try await harness.client.joinWaitlist(emailAddress: "grace@example.com") }
        #expect(error?.code == .waitlistNotAcceptingEntries && error?.httpStatus == 403)
    }

    @Test("the driver's sign-up refused in waitlist mode is FlowError.signUpsFromWaitlistOnly, keeping the code, status and trace")
    func signUpRefused() async throws {
        let harness = Harness([.respond(Self.refusal)])
        let (driver, script, _) = try makeDriver(harness, [], answers: [])
        let error = await clerkError { try await driver.signUp(SignUpDetails(emailAddress: "grace@example.com", password: "cobol-compiler-1959")) }
        guard case .flow(.signUpsFromWaitlistOnly(let failure)) = error else {
            Issue.record("expected signUpsFromWaitlistOnly, got \(String(describing: error))")
            return
        }
        #expect(failure.httpStatus == 403)
        #expect(error?.hasCode(.signUpRestrictedWaitlist) == true && error?.httpStatus == 403 && error?.traceID == "trace_1")
        #expect(error?.description.contains("join the waitlist") == true)
        #expect(error?.description.contains("cobol") == false, "no password in the description")
        #expect(harness.requests.count == 1 && script.questions.isEmpty)
    }

    @Test("a transfer refused in waitlist mode is the same flow error")
    func transferRefused() async throws {
        let transferable = Fixture.signIn(
            status: .needsIdentifier, identifier: nil, first: nil, firstVerification: Fixture.verification(.oauthTokenGoogle, .transferable))
        let harness = Harness([.respond(Fixture.envelope(transferable, client: Fixture.client(signIn: transferable))), .respond(Self.refusal)])
        let (driver, _, _) = try makeDriver(harness, [IdentityTokenStrategy(.google)], answers: [])
        let error = await clerkError { try await driver.signIn(with: try IdentityToken(.google, token: "eyJ.google.token")) }
        guard case .flow(.signUpsFromWaitlistOnly) = error else {
            Issue.record("expected signUpsFromWaitlistOnly, got \(String(describing: error))")
            return
        }
        #expect(harness.requests.count == 2)
    }

    @Test("restricted mode's refusal stays an API error")
    func restrictedUnchanged() async throws {
        let harness = Harness([.respond(Fixture.error(403, .signUpModeRestricted))])
        let (driver, _, _) = try makeDriver(harness, [], answers: [])
        let error = await clerkError { try await driver.signUp(SignUpDetails(emailAddress: "grace@example.com")) }
        guard case .api = error else {
            Issue.record("expected an API error, got \(String(describing: error))")
            return
        }
        #expect(error?.hasCode(.signUpModeRestricted) == true)
    }
}

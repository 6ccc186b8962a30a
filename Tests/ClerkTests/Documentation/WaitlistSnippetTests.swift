import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Runs the code of the waitlist article against scripted answers.
@Suite("Waitlist article")
struct WaitlistSnippetTests {
    @Test("refused in waitlist mode: the address joins the waitlist and the function returns nil")
    func joinsWhenRefused() async throws {
        let harness = Harness([
            .respond(Fixture.error(403, .signUpRestrictedWaitlist)),
            .respond(TransportResponse(status: 200, json: #"{"object":"waitlist_entry","id":"wle_1"}"#)),
        ])
        let session = try await signUpOrJoinWaitlist(
            clerk: harness.client, details: SignUpDetails(emailAddress: "grace@example.com"), emailAddress: "grace@example.com")
        #expect(session == nil)
        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ups", "/v1/waitlist"])
    }

    @Test("any other refusal is thrown, and nothing joins")
    func otherRefusal() async {
        let harness = Harness([.respond(Fixture.error(403, .signUpModeRestricted))])
        let error = await clerkError {
            try await signUpOrJoinWaitlist(
                clerk: harness.client, details: SignUpDetails(emailAddress: "grace@example.com"), emailAddress: "grace@example.com")
        }
        #expect(error?.hasCode(.signUpModeRestricted) == true)
        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ups"])
    }
}

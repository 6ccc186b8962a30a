import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Runs the code of the sign-in method articles against scripted answers.
@Suite("Sign-in method articles")
struct SignInMethodSnippetTests {
    @Test("email link: opened on this device, handed over as the redirect URL")
    func emailLink() async throws {
        let harness = LinkHarness([
            .respond(Fixture.envelope(Fixture.linkSent, client: Fixture.client(signIn: Fixture.linkSent))),
            .respond(Fixture.envelope(Fixture.linkSignedIn, client: Fixture.completedClient(Fixture.linkSignedIn))),
        ])
        let session = try await signInWithEmailLink(
            clerk: harness.client, emailAddress: jane, redirectURL: Fixture.redirectURL, redirect: { Fixture.redirect("verified") })
        #expect(session.id == "sess_1")
        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ins", "/v1/client/sign_ins/sia_1"])
    }

    @Test("ticket, identity token and re-verified password change")
    func others() async throws {
        let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")
        let ticketHarness = Harness([.respond(Fixture.envelope(done, client: Fixture.completedClient(done)))])
        _ = try await acceptTicket(
            clerk: ticketHarness.client, link: URL(string: "myapp://x?__clerk_ticket=tkt_1")!, details: SignUpDetails())
        #expect(ticketHarness.requests.map(\.path) == ["/v1/client/sign_ins"])

        let appleHarness = Harness([.respond(Fixture.envelope(done, client: Fixture.completedClient(done)))])
        _ = try await signInWithApple(clerk: appleHarness.client, identityToken: "eyJ.t", authorizationCode: nil, details: SignUpDetails())
        #expect(appleHarness.requests.first?.form == FormFields([FormField("strategy", "oauth_token_apple"), FormField("token", "eyJ.t")]))

        let harness = try await signedInHarness([
            .respond(Fixture.error(403, .sessionReverificationRequired)),
            .respond(Fixture.reverification(.needsFirstFactor)),
            .respond(Fixture.reverification(.complete)),
            .respond(Fixture.account(Fixture.user())),
        ])
        _ = try await changePasswordReverifying(clerk: harness.client, current: "old-Secret-1", new: "new-Secret-2")
        #expect(harness.accountRequests.count == 4)
    }
}

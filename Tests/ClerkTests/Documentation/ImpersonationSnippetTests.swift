import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Runs the code of the user-impersonation article against scripted answers.
@Suite("User impersonation article")
struct ImpersonationSnippetTests {
    @Test("an actor token signs in in one request, and the session names its actor")
    func actorToken() async throws {
        let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")
        let harness = Harness([.respond(Fixture.envelope(done, client: Fixture.completedClient(done, session: ActorTokenSignInTests.impersonated())))])
        let (session, actor) = try await signInWithActorToken(clerk: harness.client, actorToken: "act_tkt_1")
        #expect(session.id == "sess_1")
        #expect(actor?.userID == "user_support")
        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ins"])
    }
}

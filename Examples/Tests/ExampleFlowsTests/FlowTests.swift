import Clerk
import ExampleFlows
import Testing

/// Every documented flow, end to end: the SDK over real HTTP on loopback against the local
/// server, started in-process with the flow's settings and people.
@Suite("The example flows")
struct FlowTests {
    @Test("runs to an active session", arguments: ExampleFlow.all)
    func flowPasses(_ flow: ExampleFlow) async throws {
        let result = await ExampleRunner.run(flow)
        #expect(result.passed, result.failureComment)
        #expect(result.requests > 0)
        #expect(!result.sessions.isEmpty)
        #expect(result.sessions.allSatisfy { $0.status == "active" })
        #expect(result.transcript.contains { $0.kind == .check } || result.sessions.count == 1)
        #expect(!result.transcript.contains { $0.kind == .failure })
    }

    @Test("the catalog numbers the example flows from 1 without a gap, and names each once")
    func catalog() {
        #expect(ExampleFlow.all.map(\.number) == Array(1...ExampleFlow.all.count))
        #expect(Set(ExampleFlow.all.map(\.name)).count == ExampleFlow.all.count)
        #expect(ExampleFlow.named("mfa-totp")?.number == 12)
    }

    @Test("the request counts are the fewest the API allows")
    func requestCounts() async {
        // An email code sign-in: one request starts it and sends the code, one verifies it.
        #expect(await ExampleRunner.run(.emailCodeSignIn).requests == 2)
        // A password sign-in with an authenticator code: the password request, then the code.
        #expect(await ExampleRunner.run(.mfaTOTP).requests == 2)
        // A password sign-in on a new device: the password, the client-trust code sent, then verified.
        #expect(await ExampleRunner.run(.emailPasswordSignIn).requests == 3)
        // A password change re-verified: the sign-in, the change refused, the re-verification started
        // and the password attempted, the change sent again; then the sign-out and the sign-in with the new password.
        #expect(await ExampleRunner.run(.reverifyPasswordChange).requests == 7)
        // An invitation: the sign-up without one refused, the sign-up with its ticket and a password
        // (complete at once: the ticket verified the address), the ticket's second use refused.
        #expect(await ExampleRunner.run(.invitationAccepted).requests == 3)
        // Sign in with Apple: the token's sign-in (transferable), the transfer with the terms accepted
        // (the environment the app read at launch requires them); then on another device the token's sign-in alone.
        #expect(await ExampleRunner.run(.signInWithApple).requests == 3)
        // Google through the browser: the sign-in started (the provider's URL), read again after the
        // callback (transferable), the transfer with the terms accepted; then on another device the
        // sign-in and its reload. The browser's requests (the provider, /v1/oauth_callback) are not the app's.
        #expect(await ExampleRunner.run(.googleSignIn).requests == 5)
        // A denied consent: the sign-in and its reload (failed); then the same as a first Google sign-in.
        #expect(await ExampleRunner.run(.cancelledConsent).requests == 5)
        // Passkeys: the password sign-in; the passkey created and verified; on another device the passkey
        // sign-in started and answered; the replay's sign-in started and its assertion refused.
        #expect(await ExampleRunner.run(.passkeySignIn).requests == 7)
        // Sign-out: the password sign-in, then the session removed; the token asked for after it takes none.
        #expect(await ExampleRunner.run(.signOut).requests == 2)
        // Legal acceptance: the sign-up created with the terms, the code sent, the code attempted.
        #expect(await ExampleRunner.run(.legalAcceptance).requests == 3)
        // An address or a number added: the sign-in, then added, its code sent, its code attempted.
        #expect(await ExampleRunner.run(.addEmail).requests == 4)
        #expect(await ExampleRunner.run(.addPhone).requests == 4)
        // An email link completed in the app: the sign-in, the link sent with the challenge, the completion
        // with the verifier, the ticket's sign-in; then the same link again, refused. The browser's request is not the app's.
        #expect(await ExampleRunner.run(.emailLinkInApp).requests == 5)
        // An email link sign-up completed in the app: the sign-up, the link sent with the challenge, the completion
        // with the verifier, which answers the sign-up complete with its session active (no touch); then the same
        // link again, refused. The browser's request is not the app's.
        #expect(await ExampleRunner.run(.emailLinkSignUpInApp).requests == 4)
        // Multi-session: two sign-ins on one device, the switch back, the sign-out of the other session.
        #expect(await ExampleRunner.run(.multiSession).requests == 4)
        // Google One Tap: the sign-in refused (external_account_not_found), the sign-up with the token and the
        // terms; then on another device the sign-in alone.
        #expect(await ExampleRunner.run(.googleOneTap).requests == 3)
        // An embedded email link: the sign-in with the ticket the link carries.
        #expect(await ExampleRunner.run(.embeddedEmailLink).requests == 1)
        // Organizations; each flow's checks count its phases too. The switcher: a sign-in, two creations, the list,
        // three switches (each answer carries the new token).
        #expect(await ExampleRunner.run(.organizationSwitcher).requests == 7)
        // A sign-in, the creation, the switch to it, the creation refused for its slug.
        #expect(await ExampleRunner.run(.createOrganization).requests == 4)
        // Setup: two sign-ins, a creation, an invitation, its acceptance, a switch; then members, roles, the refused
        // demotion, the role change, the removal and the removed member's next token.
        #expect(await ExampleRunner.run(.manageRoles).requests == 12)
        // A sign-in, a creation, one invitation, a bulk invitation, the pending list, a revocation.
        #expect(await ExampleRunner.run(.manageOrganizationInvitations).requests == 6)
        // The inviter's sign-in, creation and invitation; the invitee's sign-in, list and acceptance (her memberships
        // come with the acceptance's client).
        #expect(await ExampleRunner.run(.userOrganizationInvitations).requests == 6)
        // The waitlist: the sign-up refused, the join and the join again (one entry), the sign-up with the
        // invitation's ticket (complete at once).
        #expect(await ExampleRunner.run(.waitlist).requests == 4)
    }

    @Test("membership requests: the fewest requests the API allows")
    func membershipRequestCount() async {
        // Grace's sign-in, the organization created, the domain added in automatic_suggestion mode (no
        // separate mode change), its affiliation code sent and attempted; for Alan and for Linus the sign-up
        // (created, code sent, code attempted), the suggestions listed and one accepted; Grace lists the
        // pending requests, accepts one and rejects the other; Alan's memberships read; the organization deleted.
        #expect(await ExampleRunner.run(.membershipRequests).requests == 5 + 2 * 5 + 5)
    }

    @Test("the password change is refused once, re-verified with the password, then applied; no password reaches the transcript")
    func reverifiedPasswordChange() async {
        let result = await ExampleRunner.run(.reverifyPasswordChange)
        #expect(result.passed, result.failureComment)
        let text = result.transcript.map(\.text).joined(separator: "\n")
        #expect(text.contains("re-verification started (first_factor)"))
        #expect(text.contains("session re-verified"))
        #expect(!text.contains("systers-mailing-list-1987") && !text.contains("grace-hopper-celebration-1994"))
    }

    @Test("secrets never reach the transcript")
    func transcriptHasNoSecrets() async {
        let result = await ExampleRunner.run(.emailPasswordSignIn)
        let text = result.transcript.map(\.text).joined(separator: "\n")
        #expect(!text.contains("substitution-1987"))
        #expect(text.contains("<redacted>"))
    }
}

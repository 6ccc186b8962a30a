import Clerk
import ClerkAPI
import ClerkTesting
import ClerkTicket
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Accepting an invitation: `POST /v1/client/sign_ups {strategy: ticket, ticket}` gives the sign-up
/// the invited address, verified, and its public metadata; restricted mode admits only such sign-ups.
/// Each refused ticket changes nothing: no user, the invitation as it was.
@Suite("Invitations: sign-up with the ticket")
struct InvitationSignUpTests {
    @Test("restricted mode refuses a plain sign-up; the ticket signs up in one request, verified, with the metadata")
    func restrictedSignUp() async throws {
        try await withServer(SettingsPreset.invitations.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").json
            let userSettings = try #require(environment["user_settings"] as? [String: Any])
            #expect((userSettings["sign_up"] as? [String: Any])?["mode"] as? String == "restricted")

            let email = Fixture.email("invited")
            let plain = try await server.client().signUp([("email_address", email), ("password", Fixture.password)])
            expectError(plain, status: 403, code: "sign_up_mode_restricted")

            let ticket = try await server.inviteTicket(email, ["public_metadata": ["role": "editor"]])
            let device = server.client()
            let done = try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            let signUp = try done.signUp
            #expect(signUp.status == .complete, "\(done.bodyText)")
            #expect(signUp.emailAddress == email)
            #expect(signUp.verifications.emailAddress?.status == .verified)
            #expect(signUp.verifications.emailAddress?.strategy == .ticket)
            let user = try #require(try done.client?.sessions.first?.user)
            #expect(user.emailAddresses.first?.emailAddress == email)
            #expect(user.emailAddresses.first?.verification?.status == .verified)
            #expect(user.publicMetadata == .object(["role": "editor"]))
            let backendUser = try await server.backend("GET", "/users/\(user.id)").json
            #expect((backendUser["public_metadata"] as? [String: Any])?["role"] as? String == "editor")
            #expect(try await server.backend("GET", "/invitations?status=accepted").jsonArray.count == 1)

            let again = server.client()
            expectError(
                try await again.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]), status: 400,
                code: "invitation_already_accepted", param: "ticket")
            expectError(try await again.signIn([("strategy", "ticket"), ("ticket", ticket)]), status: 400, code: "invitation_already_accepted")
            #expect(await server.core.store.users.count == 1)
        }
    }

    @Test("a ticket sign-up still missing a field goes through missing_requirements, then completes")
    func missingRequirements() async throws {
        var settings = SettingsPreset.invitations.settings
        settings.firstName = NameFieldSettings(enabled: true, required: true)
        try await withServer(settings) { server in
            let email = Fixture.email("invited")
            let ticket = try await server.inviteTicket(email)
            let device = server.client()
            let started = try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]).signUp
            #expect(started.status == .missingRequirements)
            #expect(started.missingFields == [.firstName] && started.unverifiedFields.isEmpty)
            #expect(try await server.backend("GET", "/invitations?status=pending").jsonArray.count == 1, "accepted only with the user")
            let done = try await device.send("PATCH", "/v1/client/sign_ups/\(started.id)", form: [("first_name", "Ada")]).signUp
            #expect(done.status == .complete)
            #expect(try await server.backend("GET", "/invitations?status=accepted").jsonArray.count == 1)
        }
    }

    @Test("refused tickets: revoked, expired, unknown, missing, an address taken since, another address; nothing changes")
    func refusals() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.invitations.settings, now: { clock.now() }) { server in
            func signUp(_ ticket: String, _ extra: [(String, String)] = []) async throws -> FAPIClient.Answer {
                try await server.client().signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)] + extra)
            }
            let revokedTicket = try await server.inviteTicket(Fixture.email("revoked"))
            let revokedID = try #require(try await server.backend("GET", "/invitations").jsonArray.first?["id"] as? String)
            #expect(try await server.backend("POST", "/invitations/\(revokedID)/revoke").status == 200)
            expectError(try await signUp(revokedTicket), status: 400, code: "revoked_invitation", param: "ticket")

            let taken = Fixture.email("taken")
            let takenTicket = try await server.inviteTicket(taken)
            _ = try await server.seedUser(SeedUser(emailAddress: taken, password: Fixture.password))
            expectError(try await signUp(takenTicket), status: 400, code: "invitation_account_exists", param: "ticket")

            let invited = Fixture.email("invited")
            let ticket = try await server.inviteTicket(invited, ["expires_in_days": 1])
            expectError(
                try await signUp(ticket, [("email_address", Fixture.email("other"))]), status: 422, code: "form_param_value_invalid",
                param: "email_address")
            expectError(try await signUp("not-a-ticket"), status: 400, code: "ticket_invalid_code", param: "ticket")
            expectError(try await server.client().signUp([("strategy", "ticket")]), status: 422, code: "form_param_missing", param: "ticket")
            clock.advance(by: .seconds(24 * 3600 + 1))
            expectError(try await signUp(ticket), status: 400, code: "ticket_expired_code", param: "ticket")

            #expect(await server.core.store.users.count == 1, "only the seeded user")
            let statuses = try await server.backend("GET", "/invitations?order_by=email_address").jsonArray.compactMap { $0["status"] as? String }
            #expect(statuses.sorted() == ["expired", "pending"])
            #expect(try await server.backend("GET", "/invitations?status=revoked").jsonArray.count == 1)
            #expect(await server.core.store.read(SessionRules.self) { $0.listSessions() }.isEmpty)
        }
    }

    @Test("a sign-in with an invitation's ticket: invitation_account_not_exists for a new address, a sign-in for an existing one")
    func signInWithInvitationTicket() async throws {
        try await withServer(SettingsPreset.invitations.settings) { server in
            let email = Fixture.email("new")
            let ticket = try await server.inviteTicket(email)
            let device = server.client()
            expectError(try await device.signIn([("strategy", "ticket"), ("ticket", ticket)]), status: 400, code: "invitation_account_not_exists")
            #expect(try await server.backend("GET", "/invitations?status=pending").jsonArray.count == 1)

            let member = Fixture.email("member")
            let userID = try await server.seedUser(SeedUser(emailAddress: member, password: Fixture.password)).id
            let memberTicket = try await server.inviteTicket(member, ["ignore_existing": true])
            let signedIn = try await device.signIn([("strategy", "ticket"), ("ticket", memberTicket)])
            #expect(try signedIn.signIn.status == .complete, "\(signedIn.bodyText)")
            #expect(try signedIn.client?.sessions.first?.user?.id == userID)
            #expect(try await server.backend("GET", "/invitations?status=accepted").jsonArray.count == 1)
        }
    }

    @Test("the SDK accepts the email's link over real HTTP (Ticket(url:), FlowDriver.accept); the second use is refused")
    func sdkAcceptsLink() async throws {
        try await withServer(SettingsPreset.invitations.settings, mode: .socket) { server in
            let email = Fixture.email("sdk")
            _ = try await server.inviteTicket(email, ["public_metadata": ["team": "blue"], "redirect_url": "clerk-local://invitation"])
            let link = try #require(server.outbox(to: email).last?.link.flatMap(URL.init(string:)))
            let ticket = try Ticket(url: link)
            #expect(ticket.purpose == .signUp)

            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let driver = FlowDriver(client: device, registry: try FactorRegistry([TicketStrategy()])) { _ in .startOver }
            let session = try await driver.accept(ticket, details: SignUpDetails(password: SecretString(Fixture.password)))
            #expect(session.session.user?.emailAddresses.first?.emailAddress == email)
            #expect(session.session.user?.publicMetadata == .object(["team": "blue"]))

            // Without the link's purpose the driver signs in first, then signs up on invitation_account_not_exists.
            let second = Fixture.email("fallback")
            let bare = try Ticket(SecretString(try await server.inviteTicket(second)))
            let other = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let fallback = FlowDriver(client: other, registry: try FactorRegistry([TicketStrategy()])) { _ in .startOver }
            let signedUp = try await fallback.accept(bare, details: SignUpDetails(password: SecretString(Fixture.password)))
            #expect(signedUp.session.user?.emailAddresses.first?.emailAddress == second)

            let late = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let refusal = await #expect(throws: ClerkError.self) {
                _ = try await FlowDriver(client: late, registry: try FactorRegistry([TicketStrategy()])) { _ in .startOver }
                    .accept(ticket, details: SignUpDetails(password: SecretString(Fixture.password)))
            }
            #expect(refusal?.hasCode(.invitationAlreadyAccepted) == true)
        }
    }
}

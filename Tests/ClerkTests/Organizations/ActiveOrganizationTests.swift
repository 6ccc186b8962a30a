import ClerkOrganizations
import ClerkPassword
import ClerkTesting
import ClerkTicket
import Foundation
import Testing

@testable import Clerk

@Suite("Organizations: the active organization, the choose-organization task, invitation links")
struct ActiveOrganizationTests {
    @Test("setActive: touch with active_organization_id and intent select_org; nil is the personal account (empty value)")
    func setActive() async throws {
        var inOrganization = Fixture.session()
        inOrganization.lastActiveOrganizationID = "org_1"
        let harness = try await signedInHarness([
            .respond(Fixture.account(inOrganization, session: inOrganization)), .respond(Fixture.account(Fixture.session())),
        ])
        let session = try await harness.client.setActive(organization: "org_1")
        #expect(session.activeOrganizationID == "org_1")
        #expect(await harness.client.activeSession?.activeOrganizationID == "org_1")
        let personal = try await harness.client.setActive(session: "sess_1", organization: nil)
        #expect(personal.activeOrganizationID == nil)
        let sent = harness.accountRequests
        expectRequest(sent[0], .post, "/v1/client/sessions/sess_1/touch", form: [("active_organization_id", "org_1"), ("intent", "select_org")])
        expectRequest(sent[1], .post, "/v1/client/sessions/sess_1/touch", form: [("active_organization_id", ""), ("intent", "select_org")])
        let unknown = await clerkError { try await harness.client.setActive(session: "sess_9", organization: "org_1") }
        #expect(unknown == .flow(.noSession))
        #expect(harness.accountRequests.count == 2)
    }

    static let done = Fixture.signIn(status: .complete, session: "sess_1")

    static func pendingChoice() -> Session {
        var user = Fixture.user()
        user.organizationMemberships = [Fixture.membership()]
        return Fixture.session(status: .pending, tasks: [.chooseOrganization], user: user)
    }

    static func chosen() -> Session {
        var session = Fixture.session()
        session.lastActiveOrganizationID = "org_1"
        return session
    }

    @Test("choose-organization: the driver asks with the user's memberships, then touches with the chosen one")
    func chooseExisting() async throws {
        let harness = Harness([
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done, session: Self.pendingChoice()))),
            .respond(Fixture.envelope(Self.chosen(), client: Fixture.completedClient(Self.done, session: Self.chosen()))),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [PasswordStrategy()], answers: [.identifier(jane), .password("a-long-Secret-42"), .organization("org_1")])
        let session = try await driver.signIn()
        #expect(session.status == .active)
        #expect(session.session.activeOrganizationID == "org_1")
        #expect(script.questions.last == .chooseOrganization(memberships: [Fixture.membership()]))
        #expect(harness.requests.count == 2)
        expectRequest(harness.requests[1], .post, "/v1/client/sessions/sess_1/touch", form: [("active_organization_id", "org_1"), ("intent", "select_org")])
        #expect(events.values.contains(.sessionTaskStarted(.chooseOrganization)))
        #expect(events.values.contains(.sessionTaskCompleted(.chooseOrganization)))
    }

    @Test("choose-organization: a new organization is created, then made active")
    func createNew() async throws {
        let pending = Self.pendingChoice()
        let harness = Harness([
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done, session: pending))),
            .respond(Fixture.envelope(Fixture.organization, client: Fixture.completedClient(Self.done, session: pending))),
            .respond(Fixture.envelope(Self.chosen(), client: Fixture.completedClient(Self.done, session: Self.chosen()))),
        ])
        let (driver, _, _) = try makeDriver(
            harness, [PasswordStrategy()],
            answers: [.identifier(jane), .password("a-long-Secret-42"), .newOrganization(name: "Acme", slug: nil)])
        let session = try await driver.signIn()
        #expect(session.status == .active)
        #expect(harness.requests.count == 3)
        expectRequest(harness.requests[1], .post, "/v1/organizations", form: [("name", "Acme")], sessionID: "sess_1")
        expectRequest(harness.requests[2], .post, "/v1/client/sessions/sess_1/touch", form: [("active_organization_id", "org_1"), ("intent", "select_org")])
    }

    @Test("choose-organization: an answer of another kind is refused as unexpected, with no request")
    func unexpectedAnswer() async throws {
        let harness = Harness([
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done, session: Self.pendingChoice())))
        ])
        let (driver, _, _) = try makeDriver(
            harness, [PasswordStrategy()], answers: [.identifier(jane), .password("a-long-Secret-42"), .acknowledged])
        let error = await clerkError { try await driver.signIn() }
        #expect(error != nil)
        #expect(harness.requests.count == 1)
    }

    @Test("an organization invitation's link: sign-up with its ticket")
    func invitationLink() async throws {
        let done = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([.respond(Fixture.envelope(done, client: Fixture.client(signUp: done, sessions: [Fixture.session()], lastActive: "sess_1")))])
        let link = URL(string: "myapp://accept-invitation?__clerk_ticket=tkt_org_invitation&__clerk_status=sign_up")!
        let (driver, _, _) = try makeDriver(harness, [TicketStrategy()], answers: [])
        let session = try await driver.accept(try Ticket(url: link))
        #expect(session.id == "sess_1")
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ups", form: [("strategy", "ticket"), ("ticket", "tkt_org_invitation")])
    }
}

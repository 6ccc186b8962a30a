import Clerk
import ClerkAPI
import ClerkTicket
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Accepting an organization invitation from its email link: the ticket signs a new address up
/// (verified by the ticket) or signs its user in, and either way the user joins with the invited
/// role, the invitation is accepted and the new session has the organization active. A used or
/// revoked ticket is refused with Clerk's error and changes nothing.
@Suite("Organizations: accepting an invitation with its ticket")
struct OrganizationTicketTests {
    /// The admin invites `email`; the link and its ticket from the outbox.
    static func invite(_ scene: OrganizationScene, _ server: TestServer, _ email: String, role: String = "org:member") async throws -> (
        link: String, ticket: String, id: String
    ) {
        let invited = try await scene.admin.organizations(
            "POST", "/v1/organizations/\(scene.organizationID)/invitations", session: scene.adminAccount.sessionID,
            form: [("email_address", email), ("role", role)])
        #expect(invited.status == 200, "\(invited.text)")
        let link = try #require(server.latestLink(to: email))
        let ticket = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "__clerk_ticket" }?.value)
        return (link, ticket, try #require(invited.resource["id"] as? String))
    }

    static func invitationStatus(_ scene: OrganizationScene, _ id: String) async throws -> String? {
        let listed = try await scene.admin.organizations(
            "GET", "/v1/organizations/\(scene.organizationID)/invitations", session: scene.adminAccount.sessionID)
        return listed.resources.first { $0["id"] as? String == id }?["status"] as? String
    }

    @Test("a new address signs up with the ticket: verified, a member with the role, the organization active; the ticket is then used")
    func signUpJoins() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let email = Fixture.email("newcomer")
            let (link, ticket, id) = try await Self.invite(scene, server, email, role: "org:admin")
            #expect(link.contains("__clerk_status=sign_up"))

            let device = server.client()
            let done = try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            let signUp = try done.signUp
            #expect(signUp.status == .complete, "\(done.bodyText)")
            #expect(signUp.verifications.emailAddress?.strategy == .ticket)
            let session = try #require(try done.client?.sessions.first)
            #expect(session.lastActiveOrganizationID == scene.organizationID)
            #expect(session.user?.organizationMemberships?.map(\.role) == ["org:admin"])
            #expect(try await Self.invitationStatus(scene, id) == "accepted")
            let claims = try await device.tokenClaims(session: session.id)
            #expect((claims["o"] as? [String: Any])?["rol"] as? String == "admin")

            let again = server.client()
            expectError(
                try await again.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]), status: 400,
                code: "organization_invitation_already_accepted", param: "ticket")
            expectError(
                try await again.signIn([("strategy", "ticket"), ("ticket", ticket)]), status: 400, code: "organization_invitation_already_accepted")
            #expect(await server.core.store.users.count == 3)
        }
    }

    @Test("an existing user signs in with the ticket and joins; signing up with it is refused, as a sign-in for a new address is")
    func signInJoins() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let (link, ticket, id) = try await Self.invite(scene, server, scene.otherAccount.email)
            #expect(link.contains("__clerk_status=sign_in"))
            let device = server.client()
            expectError(
                try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]), status: 400,
                code: "organization_invitation_identification_already_exists", param: "ticket")
            #expect(try await Self.invitationStatus(scene, id) == "pending")

            let signedIn = try await device.signIn([("strategy", "ticket"), ("ticket", ticket)])
            let signIn = try signedIn.signIn
            #expect(signIn.status == .complete, "\(signedIn.bodyText)")
            let session = try #require(try signedIn.client?.sessions.first { $0.id == signIn.createdSessionID })
            #expect(session.lastActiveOrganizationID == scene.organizationID)
            #expect(try await Self.invitationStatus(scene, id) == "accepted")

            let (_, newTicket, _) = try await Self.invite(scene, server, Fixture.email("nobody"))
            expectError(
                try await server.client().signIn([("strategy", "ticket"), ("ticket", newTicket)]), status: 400,
                code: "organization_invitation_identification_not_exist", param: "ticket")
        }
    }

    @Test("a revoked invitation's ticket is refused and nothing changes")
    func revokedTicket() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let email = Fixture.email("revoked")
            let (_, ticket, id) = try await Self.invite(scene, server, email)
            try await scene.admin.organizations(
                "POST", "/v1/organizations/\(scene.organizationID)/invitations/\(id)/revoke", session: scene.adminAccount.sessionID)
            expectError(
                try await server.client().signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]), status: 400,
                code: "organization_invitation_revoked_code", param: "ticket")
            #expect(await server.core.store.users.count == 2)
            #expect(try await Self.invitationStatus(scene, id) == "revoked")
        }
    }

    @Test("the SDK's ClerkTicket, unchanged, accepts the emailed link: the invitee lands in the organization with the role")
    func sdkAcceptsTheLink() async throws {
        try await withServer(organizationTestSettings, mode: .socket) { server in
            let scene = try await OrganizationScene.make(server)
            let email = Fixture.email("sdk")
            let (link, _, _) = try await Self.invite(scene, server, email, role: "org:admin")
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let driver = FlowDriver(client: device, registry: try FactorRegistry([TicketStrategy()])) { _ in .startOver }
            let ticket = try Ticket(url: try #require(URL(string: link)))
            let active = try await driver.accept(ticket, details: SignUpDetails(password: SecretString(Fixture.password)))
            #expect(active.session.lastActiveOrganizationID == scene.organizationID)
            #expect(active.session.user?.organizationMemberships?.first?.role == "org:admin")
        }
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Organizations: creation, members, invitations and the session's active organization")
struct OrganizationTests {
    @Test("the creator is an admin; an invited user joins by accepting; an active organization is in the token's o claim")
    func creationInvitationAndClaims() async throws {
        try await withServer(organizationTestSettings, mode: .socket) { server in
            let scene = try await OrganizationScene.make(server)
            let org = scene.organizationID
            let read = try await scene.admin.organizations("GET", "/v1/organizations/\(org)", session: scene.adminAccount.sessionID)
            #expect(read.resource["slug"] as? String == "acme-inc")
            #expect(read.resource["members_count"] as? Int == 1)

            let own = try await scene.admin.organizations("GET", "/v1/me/organization_memberships", session: scene.adminAccount.sessionID)
            #expect(own.resources.map { $0["role"] as? String } == ["org:admin"])

            let invited = try await scene.admin.organizations(
                "POST", "/v1/organizations/\(org)/invitations", session: scene.adminAccount.sessionID,
                form: [("email_address", scene.otherAccount.email), ("role", "org:member")])
            #expect(invited.resource["status"] as? String == "pending")
            let link = try #require(server.latestLink(to: scene.otherAccount.email))
            #expect(link.contains("__clerk_ticket="))
            let mine = try await scene.other.organizations(
                "GET", "/v1/me/organization_invitations", session: scene.otherAccount.sessionID, query: "status=pending")
            #expect(mine.resources.count == 1)
            let invitationID = try #require(invited.resource["id"] as? String)
            let accepted = try await scene.other.organizations(
                "POST", "/v1/me/organization_invitations/\(invitationID)/accept", session: scene.otherAccount.sessionID)
            #expect(accepted.resource["status"] as? String == "accepted")

            let touched = try await scene.other.send(
                "POST", "/v1/client/sessions/\(scene.otherAccount.sessionID)/touch", form: [("active_organization_id", org)])
            #expect(touched.resource["last_active_organization_id"] as? String == org)
            let memberClaims = try await scene.other.tokenClaims(session: scene.otherAccount.sessionID)
            let memberOrg = try #require(memberClaims["o"] as? [String: Any])
            #expect(memberOrg["id"] as? String == org)
            #expect(memberOrg["slg"] as? String == "acme-inc")
            #expect(memberOrg["rol"] as? String == "member")
            #expect(memberOrg["per"] as? String == "read")
            #expect(memberOrg["fpm"] as? String == "1")
            #expect(memberClaims["fea"] as? String == "o:invoices")

            try await scene.admin.send(
                "POST", "/v1/client/sessions/\(scene.adminAccount.sessionID)/touch", form: [("active_organization_id", org)])
            let adminClaims = try await scene.admin.tokenClaims(session: scene.adminAccount.sessionID)
            let adminOrg = try #require(adminClaims["o"] as? [String: Any])
            #expect(adminOrg["rol"] as? String == "admin")
            #expect(adminOrg["per"] as? String == "read,manage")
            #expect(adminOrg["fpm"] as? String == "3,1")
            #expect(adminClaims["fea"] as? String == "o:invoices,o:reports")

            // A removed member's session loses the organization: the next token has no `o`.
            let otherUserID = try #require((touched.resource["user"] as? [String: Any])?["id"] as? String)
            let removed = try await scene.admin.organizations(
                "DELETE", "/v1/organizations/\(org)/memberships/\(otherUserID)", session: scene.adminAccount.sessionID)
            #expect(removed.status == 200, "\(removed.text)")
            let after = try await scene.other.tokenClaims(session: scene.otherAccount.sessionID)
            #expect(after["o"] == nil)
            #expect(after["fea"] == nil)
            let client = try await scene.other.send("GET", "/v1/client").client
            #expect(client?.sessions.first?.lastActiveOrganizationID == nil)
        }
    }

    @Test("roles change a member's permissions; the members list pages; the roles are the settings'")
    func rolesAndMembers() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server)
            let org = scene.organizationID
            let listed = try await scene.other.organizations(
                "GET", "/v1/organizations/\(org)/memberships", session: scene.otherAccount.sessionID, query: "paginated=true&limit=1&offset=1")
            #expect((listed.resource["total_count"] as? Int) == 2)
            #expect(listed.resources.map { $0["role"] as? String } == ["org:member"])
            let otherUserID = try #require((listed.resources.first?["public_user_data"] as? [String: Any])?["user_id"] as? String)

            let promoted = try await scene.admin.organizations(
                "PATCH", "/v1/organizations/\(org)/memberships/\(otherUserID)", session: scene.adminAccount.sessionID,
                form: [("role", "org:admin")])
            #expect(promoted.resource["role"] as? String == "org:admin")
            // With a second admin, the first may leave.
            let left = try await scene.admin.organizations(
                "DELETE", "/v1/me/organization_memberships/\(org)", session: scene.adminAccount.sessionID)
            #expect(left.resource["deleted"] as? Bool == true)

            let roles = try await scene.other.organizations("GET", "/v1/organizations/\(org)/roles", session: scene.otherAccount.sessionID)
            #expect(roles.resources.map { $0["key"] as? String } == ["org:admin", "org:member"])
        }
    }

    @Test("deleting an organization ends its memberships and invitations, and sessions lose it")
    func deletion() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let org = scene.organizationID
            try await scene.admin.organizations(
                "POST", "/v1/organizations/\(org)/invitations", session: scene.adminAccount.sessionID,
                form: [("email_address", Fixture.email("later")), ("role", "org:member")])
            try await scene.admin.send(
                "POST", "/v1/client/sessions/\(scene.adminAccount.sessionID)/touch", form: [("active_organization_id", org)])
            let deleted = try await scene.admin.organizations("DELETE", "/v1/organizations/\(org)", session: scene.adminAccount.sessionID)
            #expect(deleted.resource["deleted"] as? Bool == true)
            let own = try await scene.admin.organizations("GET", "/v1/me/organization_memberships", session: scene.adminAccount.sessionID)
            #expect(own.resources.isEmpty)
            let claims = try await scene.admin.tokenClaims(session: scene.adminAccount.sessionID)
            #expect(claims["o"] == nil)
            let state = await server.core.store.state.organizations
            #expect(state.organizations.isEmpty && state.memberships.isEmpty && state.invitations.isEmpty)
        }
    }
}

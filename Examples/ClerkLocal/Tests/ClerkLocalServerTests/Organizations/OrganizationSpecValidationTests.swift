import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Frontend API answers of organizations against the spec: each operation once, its lists in both
    /// shapes, the refusals, and the session with an active organization.
    @Test(
        "Organization answers validate",
        .enabled(if: spec != nil, "needs Clerk's Frontend API spec: CLERK_FAPI_SPEC names no spec file"))
    func organizationAnswersValidate() async throws {
        let spec = try #require(Self.spec)
        let records = try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server)
            let org = scene.organizationID
            let admin = scene.adminAccount.sessionID
            let other = scene.otherAccount.sessionID
            let device = scene.admin
            try await device.send("GET", "/v1/environment", operation: "getEnvironment")
            try await device.organizations("GET", "/v1/organizations/\(org)", session: admin, operation: "getOrganization")
            try await device.organizations(
                "PATCH", "/v1/organizations/\(org)", session: admin, form: [("name", "Acme Two"), ("slug", "acme-two")], operation: "updateOrganization")
            try await device.organizations("GET", "/v1/organizations/\(org)/memberships", session: admin, operation: "ListOrganizationMemberships")
            try await device.organizations(
                "GET", "/v1/organizations/\(org)/memberships", session: admin, query: "paginated=true", operation: "ListOrganizationMemberships")
            try await device.organizations("GET", "/v1/me/organization_memberships", session: admin, operation: "getOrganizationMemberships")
            try await device.organizations(
                "GET", "/v1/me/organization_memberships", session: admin, query: "paginated=true", operation: "getOrganizationMemberships")
            try await device.organizations("GET", "/v1/organizations/\(org)/roles", session: admin, operation: "ListOrganizationRoles")
            let bulk = try await device.organizations(
                "POST", "/v1/organizations/\(org)/invitations/bulk", session: admin,
                form: [("email_address", Fixture.email("a")), ("email_address", Fixture.email("b")), ("role", "org:member")],
                operation: "bulkCreateOrganizationInvitations")
            let invitationID = try #require(bulk.resources.first?["id"] as? String)
            try await device.organizations(
                "GET", "/v1/organizations/\(org)/invitations", session: admin, query: "status=pending", operation: "getOrganizationInvitations")
            try await device.organizations(
                "GET", "/v1/organizations/\(org)/invitations/pending", session: admin, operation: "getAllPendingOrganizationInvitations")
            try await device.organizations(
                "POST", "/v1/organizations/\(org)/invitations/\(invitationID)/revoke", session: admin,
                operation: "revokePendingOrganizationInvitation")
            try await scene.other.organizations(
                "GET", "/v1/me/organization_invitations", session: other, operation: "getUsersOrganizationInvitations")
            try await device.send(
                "POST", "/v1/client/sessions/\(admin)/touch", form: [("active_organization_id", org)], operation: "touchSession")
            let members = try await device.organizations("GET", "/v1/organizations/\(org)/memberships", session: admin)
            let userIDs = members.resources.compactMap { ($0["public_user_data"] as? [String: Any])?["user_id"] as? String }
            let otherUserID = try #require(userIDs.last)
            try await device.organizations(
                "PATCH", "/v1/organizations/\(org)/memberships/\(otherUserID)", session: admin, form: [("role", "org:admin")],
                operation: "UpdateOrganizationMembership")
            try await scene.other.organizations(
                "DELETE", "/v1/me/organization_memberships/\(org)", session: other, operation: "deleteOrganizationMemberships")
            try await device.organizations(
                "POST", "/v1/organizations/\(org)/memberships", session: admin, form: [("user_id", otherUserID), ("role", "org:member")],
                operation: "CreateOrganizationMembership")
            try await device.organizations(
                "DELETE", "/v1/organizations/\(org)/memberships/\(otherUserID)", session: admin, operation: "removeOrganizationMember")
            try await scene.other.organizations("GET", "/v1/organizations/\(org)", session: other, operation: "getOrganization")
            try await device.organizations(
                "PATCH", "/v1/organizations/\(org)/memberships/\(otherUserID)", session: admin, form: [("role", "org:member")],
                operation: "UpdateOrganizationMembership")
            try await device.organizations("DELETE", "/v1/organizations/\(org)", session: admin, operation: "deleteOrganization")
            return device.recorded + scene.other.recorded
        }
        #expect(records.filter { $0.status != 200 }.map(\.status).sorted() == [403, 404])
        try Self.validate(records, against: spec)
    }
}

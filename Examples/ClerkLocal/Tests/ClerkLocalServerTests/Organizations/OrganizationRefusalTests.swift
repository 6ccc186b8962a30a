import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Each refusal answers Clerk's error and changes nothing: the organizations, memberships,
/// invitations, sessions and outbox are as they were.
@Suite("Organizations: every refusal changes nothing")
struct OrganizationRefusalTests {
    /// What a refusal must leave as it was.
    struct Observed: Equatable {
        var organizations: [OrganizationRecord]
        var memberships: [MembershipRecord]
        var invitations: [OrganizationInvitationRecord]
        var activeOrganizations: [String?]
        var messages: Int
    }

    static func observe(_ server: TestServer) async -> Observed {
        let state = await server.core.store.state
        return Observed(
            organizations: state.organizations.organizations.values.sorted { $0.id < $1.id },
            memberships: state.organizations.memberships.values.sorted { $0.id < $1.id },
            invitations: state.organizations.invitations.values.sorted { $0.id < $1.id },
            activeOrganizations: state.clientBook.sessions.values.sorted { $0.id < $1.id }.map(\.lastActiveOrganizationID),
            messages: server.outbox().count)
    }

    /// Runs `request`, expects the error, and that nothing changed.
    static func refused(
        _ server: TestServer, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ request: () async throws -> FAPIClient.Answer
    ) async throws {
        let before = await observe(server)
        let answer = try await request()
        expectError(answer, status: status, code: code, sourceLocation: sourceLocation)
        let after = await observe(server)
        #expect(after == before, sourceLocation: sourceLocation)
    }

    @Test("non-members, missing permissions, the last admin, taken slugs, the membership limit")
    func refusals() async throws {
        var settings = organizationTestSettings
        settings.organizations.maxAllowedMemberships = 2
        try await withServer(settings) { server in
            let scene = try await OrganizationScene.make(server)
            let org = scene.organizationID
            let admin = scene.adminAccount.sessionID
            let other = scene.otherAccount.sessionID
            try await Self.refused(server, status: 403, code: "not_a_member_in_organization") {
                try await scene.other.send("POST", "/v1/client/sessions/\(other)/touch", form: [("active_organization_id", org)])
            }
            try await Self.refused(server, status: 404, code: "resource_not_found") {
                try await scene.other.send("POST", "/v1/client/sessions/\(other)/touch", form: [("active_organization_id", "org_missing")])
            }
            try await Self.refused(server, status: 403, code: "not_a_member_in_organization") {
                try await scene.other.organizations("GET", "/v1/organizations/\(org)", session: other)
            }
            try await Self.refused(server, status: 400, code: "organization_minimum_permissions_needed") {
                try await scene.admin.organizations("DELETE", "/v1/me/organization_memberships/\(org)", session: admin)
            }
            let adminUserID = try #require(await server.core.store.state.organizations.members(of: org).first?.userID)
            try await Self.refused(server, status: 400, code: "organization_minimum_permissions_needed") {
                try await scene.admin.organizations(
                    "PATCH", "/v1/organizations/\(org)/memberships/\(adminUserID)", session: admin, form: [("role", "org:member")])
            }
            try await Self.refused(server, status: 404, code: "resource_not_found") {
                try await scene.admin.organizations(
                    "POST", "/v1/organizations/\(org)/invitations", session: admin,
                    form: [("email_address", Fixture.email()), ("role", "org:owner")])
            }
            try await Self.refused(server, status: 422, code: "form_identifier_exists") {
                try await scene.other.organizations("POST", "/v1/organizations", session: other, form: [("name", "Other"), ("slug", "acme-inc")])
            }
            try await Self.refused(server, status: 422, code: "form_param_format_invalid") {
                try await scene.admin.organizations("PATCH", "/v1/organizations/\(org)", session: admin, form: [("slug", "no spaces")])
            }
            // Two members allowed: the admin and one invitation fill it.
            try await scene.admin.organizations(
                "POST", "/v1/organizations/\(org)/invitations", session: admin,
                form: [("email_address", scene.otherAccount.email), ("role", "org:member")])
            try await Self.refused(server, status: 403, code: "organization_membership_quota_exceeded") {
                try await scene.admin.organizations(
                    "POST", "/v1/organizations/\(org)/invitations/bulk", session: admin,
                    form: [("email_address", Fixture.email()), ("role", "org:member")])
            }
            let invitation = try #require(await server.core.store.state.organizations.invitations(of: org).first)
            try await scene.other.organizations("POST", "/v1/me/organization_invitations/\(invitation.id)/accept", session: other)
            // A member reads but cannot manage.
            try await Self.refused(server, status: 403, code: "missing_organization_permission") {
                try await scene.other.organizations("PATCH", "/v1/organizations/\(org)", session: other, form: [("name", "Renamed")])
            }
            try await Self.refused(server, status: 403, code: "missing_organization_permission") {
                try await scene.other.organizations("DELETE", "/v1/organizations/\(org)", session: other)
            }
            try await Self.refused(server, status: 400, code: "organization_invitation_already_accepted") {
                try await scene.other.organizations("POST", "/v1/me/organization_invitations/\(invitation.id)/accept", session: other)
            }
            try await Self.refused(server, status: 404, code: "organization_invitation_not_pending") {
                try await scene.admin.organizations("POST", "/v1/organizations/\(org)/invitations/\(invitation.id)/revoke", session: admin)
            }
        }
    }

    @Test("deletion by admins turned off, and organizations turned off")
    func settingsRefusals() async throws {
        var settings = organizationTestSettings
        settings.organizations.adminDeleteEnabled = false
        try await withServer(settings) { server in
            let scene = try await OrganizationScene.make(server)
            try await Self.refused(server, status: 403, code: "organization_admin_delete_not_enabled") {
                try await scene.admin.organizations("DELETE", "/v1/organizations/\(scene.organizationID)", session: scene.adminAccount.sessionID)
            }
        }
        settings.organizations.enabled = false
        try await withServer(settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            try await Self.refused(server, status: 403, code: "organization_not_enabled_in_instance") {
                try await device.organizations("POST", "/v1/organizations", session: account.sessionID, form: [("name", "Acme")])
            }
            try await Self.refused(server, status: 403, code: "organization_not_enabled_in_instance") {
                try await device.organizations("GET", "/v1/me/organization_memberships", session: account.sessionID)
            }
            let environment = try await device.send("GET", "/v1/environment").json
            let organizationSettings = environment["organization_settings"] as? [String: Any]
            #expect(organizationSettings?["enabled"] as? Bool == false)
        }
    }
}

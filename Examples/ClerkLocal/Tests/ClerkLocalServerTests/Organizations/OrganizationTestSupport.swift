import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension FAPIClient {
    /// A request to an organization endpoint acting as `session`, as native clients send it.
    @discardableResult
    func organizations(
        _ method: String, _ path: String, session: String, query: String = "", form: [(String, String)] = [], operation: String? = nil
    ) async throws -> Answer {
        let extra = query.isEmpty ? "" : "&" + query
        return try await send(method, "\(path)?_is_native=true&_clerk_session_id=\(session)\(extra)", form: form, operation: operation)
    }

    /// A fresh session token's claims (read, not verified: the session tests verify signatures).
    func tokenClaims(session: String) async throws -> [String: Any] {
        let answer = try await send("POST", "/v1/client/sessions/\(session)/tokens", operation: "createSessionToken")
        return try JWTParser.claims(answer.decode(TokenResource.self).jwt)
    }
}

extension FAPIClient.Answer {
    /// `response` of the envelope as JSON.
    var resource: [String: Any] { json["response"] as? [String: Any] ?? [:] }
    var resources: [[String: Any]] {
        (json["response"] as? [[String: Any]]) ?? ((json["response"] as? [String: Any])?["data"] as? [[String: Any]]) ?? []
    }
}

/// Clerk's default roles with custom permissions: admins read and manage invoices and read reports,
/// members read invoices.
var organizationTestSettings: InstanceSettings {
    var settings = SettingsPreset.emailPassword.settings
    settings.clientTrust = false
    settings.organizations.roles = [
        OrganizationRoleSetting(
            key: "org:admin", name: "Admin",
            permissions: OrganizationRoleSetting.systemPermissions + ["org:invoices:read", "org:invoices:manage", "org:reports:read"]),
        OrganizationRoleSetting(key: "org:member", name: "Member", permissions: ["org:sys_memberships:read", "org:invoices:read"]),
    ]
    return settings
}

/// An admin (who created an organization) and a second signed-up user, each on their own device.
struct OrganizationScene {
    var admin: FAPIClient
    var adminAccount: SignedInAccount
    var other: FAPIClient
    var otherAccount: SignedInAccount
    var organizationID: String

    static func make(_ server: TestServer, name: String = "Acme Inc") async throws -> OrganizationScene {
        let admin = server.client()
        let adminAccount = try await signedUpAccount(server, admin, email: Fixture.email("admin"))
        let other = server.client()
        let otherAccount = try await signedUpAccount(server, other, email: Fixture.email("other"))
        let created = try await admin.organizations(
            "POST", "/v1/organizations", session: adminAccount.sessionID, form: [("name", name)], operation: "createOrganization")
        #expect(created.status == 200, "\(created.text)")
        let id = try #require(created.resource["id"] as? String)
        return OrganizationScene(admin: admin, adminAccount: adminAccount, other: other, otherAccount: otherAccount, organizationID: id)
    }

    /// Invites the other user and has them accept.
    func addOther(_ server: TestServer, role: String = "org:member") async throws {
        let invited = try await admin.organizations(
            "POST", "/v1/organizations/\(organizationID)/invitations", session: adminAccount.sessionID,
            form: [("email_address", otherAccount.email), ("role", role)], operation: "createOrganizationInvitations")
        #expect(invited.status == 200, "\(invited.text)")
        let id = try #require(invited.resource["id"] as? String)
        let accepted = try await other.organizations(
            "POST", "/v1/me/organization_invitations/\(id)/accept", session: otherAccount.sessionID, operation: "acceptOrganizationInvitation")
        #expect(accepted.status == 200, "\(accepted.text)")
    }
}

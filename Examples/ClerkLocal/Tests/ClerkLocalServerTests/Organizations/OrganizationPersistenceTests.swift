import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Organizations are state like the rest: kept in SQLite across a restart, with their lookups.
@Suite("Persistence: organizations")
struct OrganizationPersistenceTests {
    @Test("an organization, its members, an invitation and a session's active organization come back after a restart")
    func restart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let first = try await SQLiteStorage(directory: directory)
        let (scene, invitee) = try await withServer(organizationTestSettings, storage: first) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server)
            let invitee = Fixture.email("later")
            try await scene.admin.organizations(
                "POST", "/v1/organizations/\(scene.organizationID)/invitations", session: scene.adminAccount.sessionID,
                form: [("email_address", invitee), ("role", "org:member")])
            try await scene.other.send(
                "POST", "/v1/client/sessions/\(scene.otherAccount.sessionID)/touch", form: [("active_organization_id", scene.organizationID)])
            return (scene, invitee)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let admin = server.client()
            admin.token = scene.admin.token
            let other = server.client()
            other.token = scene.other.token
            let org = scene.organizationID
            let members = try await admin.organizations(
                "GET", "/v1/organizations/\(org)/memberships", session: scene.adminAccount.sessionID, query: "paginated=true")
            #expect(members.resource["total_count"] as? Int == 2)
            let pending = try await admin.organizations(
                "GET", "/v1/organizations/\(org)/invitations/pending", session: scene.adminAccount.sessionID)
            #expect(pending.resources.map { $0["email_address"] as? String } == [invitee])
            let claims = try await other.tokenClaims(session: scene.otherAccount.sessionID)
            #expect((claims["o"] as? [String: Any])?["slg"] as? String == "acme-inc")
            let taken = try await admin.organizations(
                "POST", "/v1/organizations", session: scene.adminAccount.sessionID, form: [("name", "Again"), ("slug", "acme-inc")])
            expectError(taken, status: 422, code: "form_identifier_exists")
        }
        await second.close()
    }
}

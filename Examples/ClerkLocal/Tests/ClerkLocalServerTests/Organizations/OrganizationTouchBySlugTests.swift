import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Clerk's touch takes "the ID or slug of the organization to activate" (its Frontend API spec);
/// a token request's `organization_id` takes the id only.
@Suite("Organizations: activating one by slug")
struct OrganizationTouchBySlugTests {
    @Test("touch by slug activates the organization (its id answered); another's slug, or a slug as a token's organization_id, is refused")
    func touchBySlug() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let session = scene.adminAccount.sessionID
            let touched = try await scene.admin.send("POST", "/v1/client/sessions/\(session)/touch", form: [("active_organization_id", "acme-inc")])
            #expect(touched.status == 200, "\(touched.text)")
            #expect(touched.resource["last_active_organization_id"] as? String == scene.organizationID)
            let claims = try await scene.admin.tokenClaims(session: session)
            #expect((claims["o"] as? [String: Any])?["id"] as? String == scene.organizationID)

            let other = try await scene.other.organizations(
                "POST", "/v1/organizations", session: scene.otherAccount.sessionID, form: [("name", "Other Team")])
            #expect(other.status == 200, "\(other.text)")
            let refused = try await scene.admin.send("POST", "/v1/client/sessions/\(session)/touch", form: [("active_organization_id", "other-team")])
            expectError(refused, status: 403, code: "not_a_member_in_organization")
            let missing = try await scene.admin.send("POST", "/v1/client/sessions/\(session)/touch", form: [("active_organization_id", "no-such-slug")])
            expectError(missing, status: 404, code: "resource_not_found")
            let token = try await scene.admin.send("POST", "/v1/client/sessions/\(session)/tokens", form: [("organization_id", "acme-inc")])
            expectError(token, status: 404, code: "resource_not_found")
            let state = await server.core.store.state.clientBook.sessions[session]?.lastActiveOrganizationID
            #expect(state == scene.organizationID, "no refusal changed the active organization")
        }
    }
}

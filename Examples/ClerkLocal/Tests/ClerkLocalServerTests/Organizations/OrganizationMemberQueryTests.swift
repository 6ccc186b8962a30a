import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// `GET /v1/organizations/{id}/memberships?query=`: Clerk's spec matches any of the member's
/// identifiers, username, user id, first or last name.
@Suite("Organizations: searching the members")
struct OrganizationMemberQueryTests {
    @Test("query matches part of an address (any case), a user id or a first name; nothing else; with role it narrows further")
    func query() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server)
            let otherID = try #require(await server.core.store.users.values.first { $0.emails.first?.address == scene.otherAccount.email }?.id)
            let adminID = try #require(await server.core.store.users.values.first { $0.id != otherID }?.id)
            let named = try await server.backend("PATCH", "/users/\(adminID)", json: ["first_name": "Grace"])
            #expect(named.status == 200, "\(named.text)")
            func members(_ query: String) async throws -> [String] {
                let answer = try await scene.admin.organizations(
                    "GET", "/v1/organizations/\(scene.organizationID)/memberships", session: scene.adminAccount.sessionID,
                    query: "paginated=true&" + query)
                #expect(answer.status == 200, "\(answer.text)")
                return answer.resources.compactMap { ($0["public_user_data"] as? [String: Any])?["user_id"] as? String }
            }
            #expect(try await members("query=OTHER-") == [otherID])
            #expect(try await members("query=\(otherID)") == [otherID])
            #expect(try await members("query=grac") == [adminID])
            #expect(try await members("query=nobody-at-all") == [])
            #expect(try await members("query=example.com").sorted() == [adminID, otherID].sorted())
            #expect(try await members("query=example.com&role=org:admin") == [adminID])
            #expect(try await members("query=%20").count == 2, "a blank query filters nothing")
        }
    }
}

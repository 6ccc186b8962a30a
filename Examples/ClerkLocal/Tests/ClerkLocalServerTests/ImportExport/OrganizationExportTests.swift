import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Organizations travel with the users: an export imported into a fresh instance answers the same
/// organizations, memberships (with roles) and pending invitations; a version 1 file still imports.
@Suite("Import and export: organizations")
struct OrganizationExportTests {
    /// What the Backend API answers about each organization, keys sorted: equal text, equal answers.
    static func answers(_ server: TestServer, _ ids: [String]) async throws -> [String] {
        var answers: [String] = []
        for id in ids {
            for path in ["/organizations/\(id)", "/organizations/\(id)/memberships", "/organizations/\(id)/invitations?status=pending"] {
                let answer = try await server.backend("GET", path)
                #expect(answer.status == 200, "\(path): \(answer.text)")
                let object = try JSONSerialization.jsonObject(with: answer.data)
                answers.append(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
            }
        }
        return answers
    }

    @Test("export, then import into a fresh instance: the same organizations, memberships with their roles, and pending invitations")
    func roundTrip() async throws {
        let (data, ids, before) = try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server, role: "org:admin")
            let invited = try await server.backend(
                "POST", "/organizations/\(scene.organizationID)/invitations",
                json: ["email_address": Fixture.email("invitee"), "role": "org:member", "public_metadata": ["team": "ops"]])
            #expect(invited.status == 200, "\(invited.text)")
            let second = try await server.backend(
                "POST", "/organizations",
                json: ["name": "Second Org", "public_metadata": ["tier": "gold"], "max_allowed_memberships": 7])
            #expect(second.status == 200, "\(second.text)")
            let secondID = try #require(second.json["id"] as? String)
            let ids = [scene.organizationID, secondID]
            let data = try await server.exportOverHTTP()
            return (data, ids, try await Self.answers(server, ids))
        }
        let document = try UserExportDocument.decode(from: data)
        #expect(document.version == UserExportDocument.version && document.organizations.count == 2)
        #expect(document.organizations.map(\.memberships.count).sorted() == [0, 2])
        #expect(document.organizations.map(\.invitations.count).sorted() == [0, 1])

        try await withServer(organizationTestSettings) { server in
            let imported = try await server.importOverHTTP(data)
            #expect(imported.status == 200, "\(imported.text)")
            #expect(try await Self.answers(server, ids) == before)
            let again = try await server.exportOverHTTP()
            #expect(try UserExportDocument.decode(from: again).organizations == document.organizations, "an import exports back the same organizations")
        }
    }

    @Test("a version 1 file (the format document's example, without organizations) still imports")
    func versionOneImports() async throws {
        try await withServer(organizationTestSettings) { server in
            let imported = try await server.importOverHTTP(Data(UserExportVersion1Fixture.json.utf8))
            #expect(imported.status == 200, "\(imported.text)")
            #expect(await server.core.store.users.count == 1)
            let exported = await server.export()
            #expect(exported.version == UserExportDocument.version && exported.organizations.isEmpty)
        }
    }

    @Test("an organization naming a member who is no user, or a role the instance lacks, is refused and nothing is imported")
    func refusals() async throws {
        try await withServer(organizationTestSettings) { server in
            let fixture = try #require(try JSONSerialization.jsonObject(with: Data(UserExportVersion1Fixture.json.utf8)) as? [String: Any])
            let users = try #require(fixture["users"] as? [[String: Any]])
            let userID = try #require(users.first?["id"] as? String)
            func document(member: String, role: String) throws -> Data {
                var edited = fixture
                edited["version"] = 2
                edited["organizations"] = [
                    [
                        "id": "org_a1", "name": "Acme", "slug": "acme", "public_metadata": [:], "private_metadata": [:],
                        "admin_delete_enabled": true, "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000,
                        "memberships": [
                            [
                                "id": "orgmem_a1", "user_id": member, "role": role, "public_metadata": [:], "private_metadata": [:],
                                "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000,
                            ]
                        ],
                        "invitations": [],
                    ]
                ]
                return try JSONSerialization.data(withJSONObject: edited)
            }
            let stranger = try await server.importOverHTTP(try document(member: "user_nobody1", role: "org:member"))
            #expect(stranger.status != 200, "\(stranger.text)")
            #expect(stranger.text.contains("organizations[0].memberships[0].user_id"), "\(stranger.text)")
            let role = try await server.importOverHTTP(try document(member: userID, role: "org:owner"))
            #expect(role.text.contains("organizations[0].memberships[0].role"), "\(role.text)")
            #expect(await server.core.store.users.isEmpty)
            #expect(await server.core.store.state.organizations.organizations.isEmpty)

            var versionOne = fixture
            versionOne["organizations"] = []
            let refused = try await server.importOverHTTP(try JSONSerialization.data(withJSONObject: versionOne))
            #expect(refused.text.contains("organizations"), "a version 1 document has no organizations: \(refused.text)")

            let accepted = try await server.importOverHTTP(try document(member: userID, role: "org:member"))
            #expect(accepted.status == 200, "\(accepted.text)")
            let members = try await server.backend("GET", "/organizations/org_a1/memberships")
            #expect((members.json["data"] as? [[String: Any]])?.first?["role"] as? String == "org:member", "\(members.text)")
        }
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Version 3 of the export carries each organization's domains (enrollment mode, verification) and
/// its pending membership requests; an older document cannot carry them.
@Suite("Import and export: organization domains and membership requests")
struct OrganizationDomainExportTests {
    /// The domains and requests of the server's organizations, as the imported records compare.
    static func domainState(_ server: TestServer) async -> [String] {
        let book = await server.core.store.state.organizations
        let domains = book.domains.values.map {
            "\($0.id) \($0.organizationID) \($0.name) \($0.enrollmentMode) \($0.isVerified) \($0.affiliationEmailAddress ?? "-")"
        }
        let requests = book.requests.values.filter { $0.state == .pending }.map { "\($0.id) \($0.organizationID) \($0.userID)" }
        return (domains + requests).sorted()
    }

    @Test("export, then import into a fresh instance: the same domains (mode, verification) and pending membership requests")
    func roundTrip() async throws {
        let name = uniqueDomain()
        let (data, before) = try await withServer(domainTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let verified = try await scene.addDomain(name, mode: "automatic_suggestion")
            try await scene.verifyDomain(server, verified, name: name)
            _ = try await scene.addDomain(uniqueDomain("pending"))
            let bobDevice = server.client()
            let bob = try await signedUpAccount(server, bobDevice, email: "bob@\(name)")
            let suggestions = try await bobDevice.organizations("GET", "/v1/me/organization_suggestions", session: bob.sessionID)
            let suggestionID = try #require(suggestions.resources.first?["id"] as? String)
            let accepted = try await bobDevice.organizations(
                "POST", "/v1/me/organization_suggestions/\(suggestionID)/accept", session: bob.sessionID)
            #expect(accepted.status == 200, "\(accepted.text)")
            return (try await server.exportOverHTTP(), await Self.domainState(server))
        }
        let document = try UserExportDocument.decode(from: data)
        #expect(document.version == UserExportDocument.version)
        let organization = try #require(document.organizations.first)
        #expect(organization.domains?.map(\.enrollmentMode) == ["automatic_suggestion", "manual_invitation"])
        #expect(organization.domains?.map { $0.verifiedAt != nil } == [true, false])
        #expect(organization.domains?.first?.affiliationEmailAddress == "it@\(name)")
        #expect(organization.membershipRequests?.count == 1)
        #expect(before.count == 3)

        try await withServer(domainTestSettings) { server in
            let imported = try await server.importOverHTTP(data)
            #expect(imported.status == 200, "\(imported.text)")
            #expect(await Self.domainState(server) == before)
            let again = try await server.exportOverHTTP()
            #expect(try UserExportDocument.decode(from: again).organizations == document.organizations, "an import exports back the same")
        }
    }

    /// A version 3 document of one user and one organization with `domains` and `membership_requests`.
    static func document(version: Int = 3, domains: [[String: Any]], requests: [[String: Any]] = []) throws -> Data {
        var fixture = try #require(try JSONSerialization.jsonObject(with: Data(UserExportVersion1Fixture.json.utf8)) as? [String: Any])
        fixture["version"] = version
        fixture["organizations"] = [
            [
                "id": "org_d1", "name": "Acme", "slug": "acme", "public_metadata": [:], "private_metadata": [:],
                "admin_delete_enabled": true, "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000,
                "memberships": [], "invitations": [], "domains": domains, "membership_requests": requests,
            ]
        ]
        return try JSONSerialization.data(withJSONObject: fixture)
    }

    static func domain(_ id: String, _ name: String, mode: String = "manual_invitation", verified: Bool = true) -> [String: Any] {
        var domain: [String: Any] = [
            "id": id, "name": name, "enrollment_mode": mode, "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000,
        ]
        if verified { domain["verified_at"] = 1_800_000_000_000 }
        return domain
    }

    @Test("a bad domain or request, or one in a version 2 document, is refused by its path and nothing is imported")
    func refusals() async throws {
        var settings = domainTestSettings
        settings.organizations.enrollmentModes = ["manual_invitation"]
        try await withServer(settings) { server in
            let request: [String: Any] = ["id": "orgreq_r1", "user_id": "user_nobody1", "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000]
            let cases: [(Data, String)] = [
                (try Self.document(version: 2, domains: [Self.domain("orgdmn_a", "acme.com")]), "organizations[0].domains"),
                (try Self.document(domains: [Self.domain("orgdmn_a", "Not A Domain")]), "organizations[0].domains[0].name"),
                (
                    try Self.document(domains: [Self.domain("orgdmn_a", "acme.com", mode: "automatic_invitation")]),
                    "organizations[0].domains[0].enrollment_mode"
                ),
                (try Self.document(domains: [Self.domain("orgdmn_a", "acme.com"), Self.domain("orgdmn_b", "acme.com")]), "organizations[0].domains[1].name"),
                (try Self.document(domains: [Self.domain("orgmem_a", "acme.com")]), "organizations[0].domains[0].id"),
                (try Self.document(domains: [], requests: [request]), "organizations[0].membership_requests[0].user_id"),
            ]
            for (data, path) in cases {
                let refused = try await server.importOverHTTP(data)
                #expect(refused.status == 422, "\(path): \(refused.text)")
                #expect(refused.text.contains(path), "\(path): \(refused.text)")
            }
            #expect(await server.core.store.users.isEmpty)
            #expect(await server.core.store.state.organizations.organizations.isEmpty)
            #expect(await server.core.store.state.organizations.domains.isEmpty)

            let accepted = try await server.importOverHTTP(try Self.document(domains: [Self.domain("orgdmn_a", "acme.com")]))
            #expect(accepted.status == 200, "\(accepted.text)")
            #expect(await server.core.store.state.organizations.domains(named: "acme.com").map(\.isVerified) == [true])
        }
    }
}

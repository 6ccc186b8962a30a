import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

@Suite("Persistence: organization domains, suggestions and membership requests")
struct OrganizationDomainPersistenceTests {
    @Test("a verified domain, a user's accepted suggestion and the request it made come back after a restart, with their lookups")
    func restart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let first = try await SQLiteStorage(directory: directory)
        let name = uniqueDomain()
        let (scene, userToken, userSession) = try await withServer(domainTestSettings, storage: first) { server in
            let scene = try await OrganizationScene.make(server)
            let id = try await scene.addDomain(name, mode: "automatic_suggestion")
            try await scene.verifyDomain(server, id, name: name)
            let device = server.client()
            let account = try await signedUpAccount(server, device, email: "ann@\(name)")
            let suggestions = try await device.organizations("GET", "/v1/me/organization_suggestions", session: account.sessionID)
            let suggestionID = try #require(suggestions.resources.first?["id"] as? String)
            try await device.organizations("POST", "/v1/me/organization_suggestions/\(suggestionID)/accept", session: account.sessionID)
            return (scene, device.token, account.sessionID)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let admin = server.client()
            admin.token = scene.admin.token
            let user = server.client()
            user.token = userToken
            let session = scene.adminAccount.sessionID
            let domains = try await admin.organizations("GET", scene.domainsPath, session: session, query: "verified=true")
            #expect(domains.resources.map { $0["name"] as? String } == [name])
            let suggestions = try await user.organizations("GET", "/v1/me/organization_suggestions", session: userSession, query: "status=accepted")
            #expect(suggestions.resource["total_count"] as? Int == 1)
            let requests = try await admin.organizations(
                "GET", "/v1/organizations/\(scene.organizationID)/membership_requests", session: session, query: "status=pending")
            let requestID = try #require(requests.resources.first?["id"] as? String)
            let accepted = try await admin.organizations(
                "POST", "/v1/organizations/\(scene.organizationID)/membership_requests/\(requestID)/accept", session: session)
            #expect(accepted.resource["status"] as? String == "accepted")
            // The domain's name lookup was rebuilt: another organization cannot claim it.
            let other = try await admin.organizations("POST", "/v1/organizations", session: session, form: [("name", "Other")])
            let otherID = try #require(other.resource["id"] as? String)
            let taken = try await admin.organizations("POST", "/v1/organizations/\(otherID)/domains", session: session, form: [("name", name)])
            expectError(taken, status: 422, code: "organization_domain_already_exists")
        }
        await second.close()
    }
}

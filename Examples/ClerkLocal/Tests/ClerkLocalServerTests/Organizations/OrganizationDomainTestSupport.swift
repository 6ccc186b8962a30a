import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The organization test settings with verified domains on, in every enrollment mode.
var domainTestSettings: InstanceSettings {
    var settings = organizationTestSettings
    settings.organizations.domainsEnabled = true
    return settings
}

/// A domain name no other test uses.
func uniqueDomain(_ name: String = "acme") -> String {
    "\(name)-\(UUID().uuidString.prefix(8).lowercased()).com"
}

extension OrganizationScene {
    var domainsPath: String { "/v1/organizations/\(organizationID)/domains" }

    /// Adds `name` as the admin; answers the domain's id.
    func addDomain(_ name: String, mode: String? = nil) async throws -> String {
        let form = [("name", name)] + (mode.map { [("enrollment_mode", $0)] } ?? [])
        let added = try await admin.organizations("POST", domainsPath, session: adminAccount.sessionID, form: form)
        #expect(added.status == 200, "\(added.text)")
        return try #require(added.resource["id"] as? String)
    }

    /// Verifies the domain with the code emailed to `it@` the domain, as the admin.
    @discardableResult
    func verifyDomain(_ server: TestServer, _ domainID: String, name: String) async throws -> FAPIClient.Answer {
        let address = "it@\(name)"
        let prepared = try await admin.organizations(
            "POST", "\(domainsPath)/\(domainID)/prepare_affiliation_verification", session: adminAccount.sessionID,
            form: [("affiliation_email_address", address)])
        #expect(prepared.status == 200, "\(prepared.text)")
        let code = try #require(server.latestCode(to: address))
        let attempted = try await admin.organizations(
            "POST", "\(domainsPath)/\(domainID)/attempt_affiliation_verification", session: adminAccount.sessionID, form: [("code", code)])
        #expect(attempted.status == 200, "\(attempted.text)")
        return attempted
    }
}

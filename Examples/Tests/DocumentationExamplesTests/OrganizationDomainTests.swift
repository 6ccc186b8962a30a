import Clerk
import ClerkLocalServer
import ClerkLocalTesting
import ClerkOrganizations
import Testing

/// `OrganizationHandle`'s domain calls against the local server over HTTP: each request as the SDK
/// sends it, each answer as the SDK decodes it.
@Suite("Organizations: domains over HTTP")
struct OrganizationDomainTests {
    @Test("add, list (filtered), read, affiliation by email code (a wrong code refused), enrollment mode, remove; refusals typed")
    func domains() async throws {
        try await withLocalServer(.emailPassword, adjust: { $0.organizations.domainsEnabled = true }) { server in
            let ada = try await OrganizationTests.signedIn("ada.lovelace@example.com", on: server)
            let organization = try await ada.account().createOrganization(name: "Engines", slug: "engines")
            let domain = try await organization.addDomain("engines.example", enrollmentMode: .automaticInvitation)
            #expect(domain.name == "engines.example" && domain.enrollmentMode == .automaticInvitation)
            #expect(domain.organizationID == organization.organizationID && domain.affiliationVerification?.status != "verified")
            let second = try await organization.addDomain("second.example")
            #expect(second.enrollmentMode == .manualInvitation)
            #expect(try await organization.domains().items.map(\.id) == [domain.id, second.id])
            let common = await #expect(throws: ClerkError.self) { _ = try await organization.addDomain("gmail.com") }
            #expect(common?.hasCode(.organizationDomainCommon) == true)

            let prepared = try await organization.prepareDomainAffiliation(domainID: domain.id, emailAddress: "it@engines.example")
            #expect(prepared.affiliationEmailAddress == "it@engines.example")
            let code = try #require(try await server.code(sentTo: "it@engines.example"))
            let wrong = await #expect(throws: ClerkError.self) {
                _ = try await organization.attemptDomainAffiliation(domainID: domain.id, code: SecretString(code == "000000" ? "111111" : "000000"))
            }
            #expect(wrong?.hasCode(.formCodeIncorrect) == true)
            #expect(try await organization.domains(verified: true).items.isEmpty, "a wrong code verifies nothing")
            let verified = try await organization.attemptDomainAffiliation(domainID: domain.id, code: SecretString(code))
            #expect(verified.affiliationVerification?.status == "verified")
            #expect(try await organization.domains(verified: true).items.map(\.id) == [domain.id])

            let changed = try await organization.updateEnrollmentMode(domainID: domain.id, to: .automaticSuggestion, deletePending: true)
            #expect(changed.enrollmentMode == .automaticSuggestion)
            #expect(try await organization.domain(domain.id).enrollmentMode == .automaticSuggestion)
            #expect(try await organization.domains(enrollmentMode: .manualInvitation).items.map(\.id) == [second.id])

            let removed = try await organization.removeDomain(second.id)
            #expect(removed.deleted && removed.id == second.id)
            #expect(try await organization.domains().items.map(\.id) == [domain.id])
            let gone = await #expect(throws: ClerkError.self) { _ = try await organization.domain(second.id) }
            #expect(gone?.hasCode(.resourceNotFound) == true)

            // Clerk's touch takes the slug as well as the id.
            let active = try await ada.setActive(organization: "engines")
            #expect(active.activeOrganizationID == organization.organizationID)
        }
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Dashboard: organizations, in router mode")
struct DashboardOrganizationTests {
    @Test("The page lists each organization, newest first, with its slug, members count and creation, linked to its own page")
    func list() async throws {
        try await withServer(organizationTestSettings) { server in
            let dashboard = DashboardBrowser(server)
            let empty = try await dashboard.page()
            #expect(empty.contains("Organizations (0)") && empty.contains("No organizations yet."))

            let older = try await seedBusyOrganization(server.core, name: "Acme <Widgets> & Co", members: 3, invited: 1)
            let newer = try await seedBusyOrganization(server.core, name: "Globex", members: 1, invited: 0)
            let html = try await dashboard.page()
            #expect(html.contains("Organizations (2)"))
            let rows = html.matches(of: /<tr class="organization" data-id="([^"]+)">(.*?)<\/tr>/.dotMatchesNewlines()).map { (String($0.1), String($0.2)) }
            #expect(rows.map(\.0) == [newer.id, older.id], "newest first")
            let acme = try #require(rows.last?.1)
            let slug = try #require(await server.core.store.read(OrganizationRules.self) { $0.organizationBook.organizations[older.id]?.slug })
            #expect(acme.contains("href=\"/__local/dashboard/organizations/\(older.id)\""))
            #expect(acme.contains("<strong>Acme &lt;Widgets&gt; &amp; Co</strong>"), "a name is text, never markup")
            #expect(acme.contains(">\(slug)<") && acme.contains("<td class=\"members\">3</td>"))
            let created = try #require(await server.core.store.read(OrganizationRules.self) { $0.organizationBook.organizations[older.id]?.createdAt })
            #expect(acme.contains(DashboardTime.dateTime(created)))
            #expect(!html.contains("Acme <Widgets>"))
        }
    }

    @Test("An organization's page shows its members with their roles, its pending invitations and its domains, and no ticket")
    func organizationPage() async throws {
        try await withServer(organizationTestSettings) { server in
            let busy = try await seedBusyOrganization(server.core, name: "Initech", members: 22, invited: 3)
            // An accepted and a revoked invitation are not pending.
            let revoked = try await server.core.store.perform(OrganizationBackendRules.self) {
                try $0.backendInvite(busy.id, BackendOrganizationInvitationInput(emailAddress: "gone@example.com", role: "org:admin"))
            }
            _ = try await server.core.store.perform(OrganizationBackendRules.self) { try $0.backendRevokeInvitation(busy.id, invitationID: revoked.record.id) }
            let verifiedAt = Date(timeIntervalSince1970: 1_790_000_000)
            try await server.core.store.perform(OrganizationRules.self) { rules in
                for (name, verified) in [("initech.example", true), ("initrode.example", false)] {
                    let record = OrganizationDomainRecord(
                        id: "orgdmn_\(name.prefix(8))", organizationID: busy.id, name: name, enrollmentMode: "automatic_suggestion",
                        affiliationEmailAddress: nil, affiliation: nil, verifiedAt: verified ? verifiedAt : nil, createdAt: verifiedAt,
                        updatedAt: verifiedAt)
                    rules.organizationBook.domains[record.id] = record
                }
            }

            let dashboard = DashboardBrowser(server)
            let html = try await dashboard.page("/organizations/\(busy.id)")
            #expect(html.contains("<h2 class=\"id\">Initech</h2>") && html.contains("22 members"))
            #expect(html.contains("Members (22)") && html.matches(of: /<tr class="member"/).count == 22)
            let detail = try #require(await server.core.store.read(OrganizationRules.self) { $0.dashboardOrganization(busy.id) })
            let admin = try #require(detail.members.first)
            let adminRow = try #require(html.firstMatch(of: /<tr class="member" data-user="([^"]+)">(.*?)<\/tr>/.dotMatchesNewlines()))
            #expect(String(adminRow.1) == admin.record.userID, "oldest member first: the creator")
            let adminEmail = try #require(admin.user?.primaryEmail?.address)
            #expect(adminRow.2.contains(adminEmail) && adminRow.2.contains("Grace 0 Hopper-Brewster"))
            #expect(adminRow.2.contains("Admin<div class=\"muted\">org:admin</div>"))
            #expect(html.matches(of: /Member<div class="muted">org:member<\/div>/).count == 21)

            #expect(html.contains("Pending invitations (3)") && html.matches(of: /<tr class="invitation"/).count == 3)
            #expect(!html.contains("gone@example.com"), "a revoked invitation is not pending")
            #expect(html.contains("Domains (2)") && html.matches(of: /<tr class="domain"/).count == 2)
            let domainRow = try #require(html.firstMatch(of: /<tr class="domain" data-id="[^"]+">(.*?)<\/tr>/.dotMatchesNewlines()))
            #expect(domainRow.1.contains("initech.example") && domainRow.1.contains("automatic suggestion"))
            #expect(domainRow.1.contains("verified " + DashboardTime.dateTime(verifiedAt)))
            #expect(html.contains("initrode.example") && html.contains("not verified"))
            let bare = try await seedBusyOrganization(server.core, name: "Bare", members: 1, invited: 0)
            #expect(try await dashboard.page("/organizations/\(bare.id)").contains("No domains."))
            for ticket in busy.tickets {
                #expect(!html.contains(ticket), "an invitation's ticket is a secret")
            }
            #expect(!html.contains("__clerk_ticket"))
            let page = try await dashboard.page()
            #expect(page.contains("<td class=\"members\">22</td>"))
        }
    }

    @Test("An organization the server does not have answers 404")
    func unknownOrganization() async throws {
        try await withServer(organizationTestSettings) { server in
            let answer = try await server.client().send("GET", "/__local/dashboard/organizations/org_missing")
            expectError(answer, status: 404, code: "resource_not_found")
        }
    }
}

import ClerkOrganizations
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Organizations: the article's code")
struct OrganizationSnippetTests {
    @Test("createTeam: create, make active, invite")
    func createTeamSendsThreeRequests() async throws {
        var active = Fixture.session()
        active.lastActiveOrganizationID = "org_1"
        let harness = try await signedInHarness([
            .respond(Fixture.account(Fixture.organization)), .respond(Fixture.account(active, session: active)),
            .respond(Fixture.account(Fixture.invitation, session: active)),
        ])
        let invitation = try await createTeam(clerk: harness.client, name: "Acme", colleague: "sam+clerk_test@example.com")
        #expect(invitation.id == "orginv_1")
        #expect(harness.accountRequests.map(\.path) == ["/v1/organizations", "/v1/client/sessions/sess_1/touch", "/v1/organizations/org_1/invitations"])
    }

    @Test("allMemberships: reads pages until the total is reached")
    func allMembershipsPages() async throws {
        let page = { (count: Int) in
            ScriptedTransport.Step.respond(
                TransportResponse(
                    status: 200,
                    json: "{\"response\":{\"data\":\(Fixture.json(Array(repeating: Fixture.membership(), count: count))),\"total_count\":60},\"client\":null}"))
        }
        let harness = try await signedInHarness([page(50), page(10)])
        let memberships = try await allMemberships(clerk: harness.client)
        #expect(memberships.count == 60)
        #expect(harness.accountRequests.map(\.query).map { $0.fields.filter { $0.name == "offset" }.map(\.value) } == [[], ["50"]])
    }

    @Test("canManageInvoices and the task answer")
    func permissionAndTaskAnswer() async throws {
        let jwt = SessionFixture.jwt(
            #"{"sid":"sess_1","sub":"user_1","iat":1700000000,"exp":4100000000,"v":2,"fea":"o:invoices","o":{"id":"org_1","rol":"admin","per":"read,manage","fpm":"3"}}"#
        )
        let harness = try await signedInHarness(Fixture.session(jwt: jwt), [])
        #expect(try await canManageInvoices(clerk: harness.client))
        let answer = try await chooseFirstOrganization.answer(.chooseOrganization(memberships: [Fixture.membership()]))
        #expect(answer == .organization("org_1"))
        #expect(try await chooseFirstOrganization.answer(.chooseOrganization(memberships: [])) == .newOrganization(name: "My team", slug: nil))
    }
}

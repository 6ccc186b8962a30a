import Clerk
import ExampleFlows
import Testing

/// Flows 42 and 43: the fewest requests the API allows, counted end to end.
@Suite("Example flows 42 and 43: updating an organization, accepting its invitation")
struct OrganizationUpdateFlowTests {
    @Test("updating an organization: the sign-in, the creation, rename and slug in one request, the logo uploaded and removed, read once")
    func updateOrganization() async {
        let result = await ExampleRunner.run(.updateOrganization)
        #expect(result.passed, result.failureComment)
        #expect(result.requests == 6)
    }

    @Test("accepting an invitation: the admin's sign-in, the creation and the invitation; the invitee's sign-up with the ticket")
    func acceptOrganizationInvitation() async {
        let result = await ExampleRunner.run(.acceptOrganizationInvitation)
        #expect(result.passed, result.failureComment)
        #expect(result.requests == 4)
        #expect(result.sessions.count == 2)
    }
}

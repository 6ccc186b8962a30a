import Clerk
import ClerkLocalServer
import ClerkOrganizations
import DocumentationExamples
import Testing

/// The organizations article's functions against the local server: two users, one organization.
@Suite("Organizations article")
struct OrganizationTests {
    /// A device on which the seeded user `emailAddress` signed in (the new device confirmed by code).
    static func signedIn(_ emailAddress: String, on server: RunningServer) async throws -> ClerkClient {
        _ = try await server.seedUser(SeedUser(emailAddress: emailAddress, password: seededPassword))
        let clerk = try server.newDevice()
        _ = try await signInWithEmailAndPassword(
            clerk: clerk, emailAddress: emailAddress, readPassword: { seededPassword },
            readCode: server.codeReader(for: emailAddress, asked: Tally()))
        return clerk
    }

    @Test("create, switch, invite, accept, change a role, remove, revoke")
    func organizationFunctions() async throws {
        try await withLocalServer(.emailPassword) { server in
            let ada = try await Self.signedIn("ada.lovelace@example.com", on: server)
            let engine = try await createOrganization(clerk: ada, name: "Analytical Engine", slug: "engine")
            let refusal = await #expect(throws: ClerkError.self) { _ = try await createOrganization(clerk: ada, name: "Other", slug: "engine") }
            #expect(refusal?.hasCode(.formIdentifierExists) == true)

            #expect(try await organizationChoices(clerk: ada).map(\.organization.id) == [engine.organizationID])
            #expect(try await switchOrganization(clerk: ada, to: nil) == nil)
            #expect(try await switchOrganization(clerk: ada, to: engine.organizationID) == "org:admin")

            let pending = try await inviteMembers(["charles.babbage@example.com", "mary.somerville@example.com"], as: "org:member", to: engine)
            #expect(Set(pending.map(\.emailAddress)) == ["charles.babbage@example.com", "mary.somerville@example.com"])
            #expect(try await revokeInvitation(to: "mary.somerville@example.com", in: engine))
            #expect(try await !revokeInvitation(to: "mary.somerville@example.com", in: engine))

            let charles = try await Self.signedIn("charles.babbage@example.com", on: server)
            #expect(try await acceptInvitations(clerk: charles) == ["Analytical Engine"])
            #expect(try await acceptInvitations(clerk: charles) == [])

            let (members, roles) = try await membersAndRoles(of: engine)
            #expect(roles == ["org:admin", "org:member"])
            let adaRow = try #require(members.first { $0.identifier == "ada.lovelace@example.com" })
            let charlesRow = try #require(members.first { $0.identifier == "charles.babbage@example.com" })
            #expect(adaRow.role == "org:admin" && charlesRow.role == "org:member")
            let lastAdmin = await #expect(throws: ClerkError.self) { try await changeMember(adaRow, to: "org:member", in: engine) }
            #expect(lastAdmin?.hasCode(.organizationMinimumPermissionsNeeded) == true)
            try await changeMember(charlesRow, to: "org:admin", in: engine)
            #expect(try await membersAndRoles(of: engine).members.first { $0.userID == charlesRow.userID }?.role == "org:admin")
            try await changeMember(charlesRow, to: nil, in: engine)
            #expect(try await membersAndRoles(of: engine).members.map(\.userID) == [adaRow.userID])
            #expect(try await organizationChoices(clerk: charles).isEmpty)
        }
    }
}

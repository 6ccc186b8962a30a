import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// An instance that requires an organization (`force_organization_selection`): a new session is
/// pending with `choose-organization`; it may create an organization, changes no other, and a
/// touch with an organization (not the personal account) resolves the task.
@Suite("Organizations: the choose-organization session task")
struct ChooseOrganizationTaskTests {
    @Test("pending with the task; creation allowed, other changes refused; the personal account does not resolve it, an organization does")
    func chooseOrganization() async throws {
        var settings = organizationTestSettings
        settings.organizations.forceOrganizationSelection = true
        try await withServer(settings, mode: .socket) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let signedUp = try #require(try await device.send("GET", "/v1/client").client?.sessions.first)
            #expect(signedUp.status == .pending && signedUp.tasks?.map(\.key) == [.chooseOrganization])

            let created = try await device.organizations("POST", "/v1/organizations", session: account.sessionID, form: [("name", "Acme")])
            #expect(created.status == 200, "\(created.text)")
            let id = try #require(created.resource["id"] as? String)
            let renamed = try await device.organizations("PATCH", "/v1/organizations/\(id)", session: account.sessionID, form: [("name", "Acme 2")])
            expectError(renamed, status: 400, code: "invalid_action_for_session")

            let personal = try await device.send("POST", "/v1/client/sessions/\(account.sessionID)/touch", form: [("active_organization_id", "")])
            #expect(try session(account.sessionID, in: personal)?.status == .pending)
            let chosen = try await device.send("POST", "/v1/client/sessions/\(account.sessionID)/touch", form: [("active_organization_id", id)])
            let active = try #require(try session(account.sessionID, in: chosen))
            #expect(active.status == .active && (active.tasks ?? []).isEmpty && active.lastActiveOrganizationID == id)
        }
    }
}

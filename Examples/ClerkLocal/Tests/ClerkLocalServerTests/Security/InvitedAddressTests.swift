import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A ticket admits its invited address, nobody else: once applied, a sign-up cannot change its address,
/// and the invitation is checked again (pending, the same address) when the user is created.
@Suite("Security: an invitation's ticket admits the invited address only")
struct InvitedAddressTests {
    static var settings: InstanceSettings {
        var settings = SettingsPreset.invitations.settings
        settings.firstName = NameFieldSettings(enabled: true, required: true)
        return settings
    }

    @Test("After the ticket, another address is refused on update; the invited user completes and the invitation is accepted")
    func addressFrozen() async throws {
        try await withServer(Self.settings) { server in
            let invited = Fixture.email("invited")
            let ticket = try await server.inviteTicket(invited, ["public_metadata": ["role": "admin"]])
            let device = server.client()
            let started = try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]).signUp
            #expect(started.status == .missingRequirements && started.emailAddress == invited)

            for field in ["email_address", "email_address_or_phone_number"] {
                let switched = try await device.send("PATCH", "/v1/client/sign_ups/\(started.id)", form: [(field, Fixture.email("uninvited"))])
                expectError(switched, status: 422, code: "form_param_value_invalid", param: "email_address")
            }
            #expect(try await device.send("GET", "/v1/client/sign_ups/\(started.id)").signUp.emailAddress == invited)
            #expect(try await server.backend("GET", "/invitations?status=pending").jsonArray.count == 1)

            let done = try await device.send("PATCH", "/v1/client/sign_ups/\(started.id)", form: [("first_name", "Ada")]).signUp
            #expect(done.status == .complete)
            let userID = try #require(done.createdUserID)
            let user = try #require(await server.core.store.users[userID])
            #expect(user.emails.map(\.address) == [invited])
            #expect(try await server.backend("GET", "/invitations?status=accepted").jsonArray.count == 1)
            #expect(try await server.backend("GET", "/invitations?status=pending").jsonArray.isEmpty)
        }
    }

    @Test("An invitation revoked after its ticket was applied creates no user")
    func revokedMeanwhile() async throws {
        try await withServer(Self.settings) { server in
            let invited = Fixture.email("invited")
            let created = try await server.invite(invited)
            let invitationID = try #require(created.json["id"] as? String)
            let link = try #require(server.outbox(to: invited).last?.link)
            let ticket = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "__clerk_ticket" }?.value)
            let device = server.client()
            let started = try await device.signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]).signUp
            #expect(try await server.backend("POST", "/invitations/\(invitationID)/revoke").status == 200)
            let refused = try await device.send("PATCH", "/v1/client/sign_ups/\(started.id)", form: [("first_name", "Ada")])
            expectError(refused, status: 400, code: "revoked_invitation")
            #expect(await server.core.store.users.isEmpty)
        }
    }
}

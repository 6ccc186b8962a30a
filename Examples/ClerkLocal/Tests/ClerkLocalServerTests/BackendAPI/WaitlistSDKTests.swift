import Clerk
import ClerkAPI
import ClerkTicket
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The SDK against clerk-local in waitlist mode, over real HTTP on loopback.
@Suite("Waitlist: the SDK over loopback")
struct WaitlistSDKTests {
    @Test("refused sign-up as FlowError.signUpsFromWaitlistOnly, joinWaitlist twice is one entry, the invitation's ticket signs up")
    func sdkJoinsAndSignsUp() async throws {
        try await withServer(WaitlistTests.settings, mode: .socket) { server in
            let email = Fixture.email("sdk")
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            #expect(try await device.environment().userSettings?.signUp?.mode == .waitlist)

            let driver = FlowDriver(client: device, registry: try FactorRegistry([])) { _ in .startOver }
            let refusal = await #expect(throws: ClerkError.self) {
                _ = try await driver.signUp(SignUpDetails(emailAddress: email, password: SecretString(Fixture.password)))
            }
            guard case .flow(.signUpsFromWaitlistOnly(let failure))? = refusal else {
                Issue.record("expected signUpsFromWaitlistOnly, got \(String(describing: refusal))")
                return
            }
            #expect(failure.httpStatus == 403 && failure.errors.first?.code == .signUpRestrictedWaitlist)

            let entry = try await device.joinWaitlist(emailAddress: email)
            #expect(try await device.joinWaitlist(emailAddress: email) == entry)
            let notAnAddress = await #expect(throws: ClerkError.self) { try await device.joinWaitlist(emailAddress: "grace") }
            #expect(notAnAddress?.hasCode(.formParamFormatInvalid) == true)

            let invited = try await server.backend("POST", "/waitlist_entries/\(entry.id)/invite")
            #expect(invited.status == 200, "\(invited.bodyText)")
            let link = try #require(server.outbox(to: email).last?.link.flatMap(URL.init(string:)))
            let invitee = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let ticketDriver = FlowDriver(client: invitee, registry: try FactorRegistry([TicketStrategy()])) { _ in .startOver }
            let accepted = try await ticketDriver.accept(try Ticket(url: link), details: SignUpDetails(password: SecretString(Fixture.password)))
            #expect(accepted.session.user?.emailAddresses.first?.emailAddress == email)
            let completed = try await server.backend("GET", "/waitlist_entries?status=completed").json
            #expect(completed["total_count"] as? Int == 1)
        }
    }
}

import ClerkTesting
import ClerkTicket
import Foundation
import Testing

@testable import Clerk

@Suite("Ticket")
struct TicketTests {
    static let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")
    static let signedUp = Fixture.signUp(status: .complete, session: "sess_1")
    static let signUpAnswer = Fixture.envelope(signedUp, client: Fixture.client(signUp: signedUp, sessions: [Fixture.session()], lastActive: "sess_1"))

    @Test("a sign-in token signs in in one request: {strategy: ticket, ticket}")
    func signIn() async throws {
        let harness = Harness([.respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done)))])
        let (driver, script, _) = try makeDriver(harness, [TicketStrategy()], answers: [])
        let session = try await driver.signIn(ticket: try Ticket("tkt_sign_in_1"))
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 1)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", "tkt_sign_in_1")])
        #expect(script.questions.isEmpty)
    }

    @Test("an invitation link says sign_up: one request, {strategy: ticket, ticket} with the details")
    func invitationSignUp() async throws {
        let harness = Harness([.respond(Self.signUpAnswer)])
        let (driver, _, _) = try makeDriver(harness, [TicketStrategy()], answers: [])
        let ticket = try Ticket(url: URL(string: "myapp://accept?__clerk_ticket=inv_tkt_1&__clerk_status=sign_up")!)
        #expect(ticket.purpose == .signUp)
        var details = SignUpDetails()
        details.legalAccepted = true
        _ = try await driver.accept(ticket, details: details)
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ups",
            form: [("strategy", "ticket"), ("ticket", "inv_tkt_1"), ("legal_accepted", "true")])
        #expect(harness.requests.count == 1)
    }

    @Test("a ticket of unknown purpose tries a sign-in, and becomes a sign-up on invitation_account_not_exists")
    func acceptFallsBackToSignUp() async throws {
        let harness = Harness([.respond(Fixture.error(400, .invitationAccountNotExists)), .respond(Self.signUpAnswer)])
        let (driver, _, _) = try makeDriver(harness, [TicketStrategy()], answers: [])
        _ = try await driver.accept(try Ticket(url: URL(string: "myapp://accept?__clerk_ticket=inv_tkt_2")!))
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "ticket"), ("ticket", "inv_tkt_2")])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ups", form: [("strategy", "ticket"), ("ticket", "inv_tkt_2")])
    }

    @Test(
        "a used, revoked or expired ticket is the API's typed error, sent once",
        arguments: [
            ClerkErrorCode.signInTokenAlreadyUsedCode, .signInTokenRevokedCode, .ticketExpiredCode, .revokedInvitation, .invitationAlreadyAccepted,
        ])
    func refusedTicket(code: ClerkErrorCode) async throws {
        let harness = Harness([.respond(Fixture.error(400, code))])
        let error = await clerkError { try await harness.client.signIn(ticket: try Ticket("tkt_used")) }
        #expect(error?.code == code)
        #expect(harness.requests.count == 1)
    }

    @Test("a ticket is checked before any request and never shown")
    func ticketValue() throws {
        #expect(throws: ClerkError.self) { try Ticket("  ") }
        #expect(throws: ClerkError.self) { try Ticket(url: URL(string: "myapp://accept?__clerk_status=sign_in")!) }
        let ticket = try Ticket(url: URL(string: "myapp://accept?__clerk_ticket=secret_tkt&__clerk_status=sign_in")!)
        #expect(ticket.purpose == .signIn)
        #expect(ticket.value.revealed == "secret_tkt")
        var dumped = ""
        dump(ticket, to: &dumped)
        for text in [ticket.description, ticket.debugDescription, String(reflecting: ticket), dumped] {
            #expect(!text.contains("secret_tkt"))
        }
    }

    @Test("registry: the ticket strategy never starts an identifier sign-in")
    func registry() throws {
        let registry = try FactorRegistry([TicketStrategy()])
        #expect(registry.contains(.ticket, for: .firstFactor))
        #expect(!TicketStrategy().capabilities.contains(.startsSignIn))
    }
}

import Clerk
import ClerkTicket

/// Signs in with an actor token the app's backend minted (someone in support acting as a user) and
/// returns the session with who acts as its user.
public func signInWithActorToken(clerk: ClerkClient, actorToken: String) async throws -> (session: ActiveSession, actor: SessionActor?) {
    let driver = FlowDriver(client: clerk, registry: try FactorRegistry([TicketStrategy()])) { question in throw ClerkError.unanswered(question) }
    let session = try await driver.signIn(ticket: try Ticket(SecretString(actorToken)))
    // The session's `actor` (and its tokens' `act` claim): show a banner while someone acts as the user.
    return (session, session.actor)
}

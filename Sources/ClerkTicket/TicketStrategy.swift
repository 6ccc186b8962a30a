import Clerk

/// Ticket: a sign-in or sign-up with a ticket a backend minted (a sign-in token, or an
/// invitation), in one request: `POST /v1/client/sign_ins {strategy: ticket, ticket}` or
/// `POST /v1/client/sign_ups {strategy: ticket, ticket, …}`. A ticket is single-use and expires;
/// an invitation's sign-up has its email address verified already.
///
/// It needs no identifier, so it never starts `FlowDriver.signIn(identifier:strategy:)`: use
/// `FlowDriver.signIn(ticket:)`, `signUp(ticket:details:)` or `accept(_:details:)`.
///
/// ```swift
/// let registry = try FactorRegistry([TicketStrategy(), PasswordStrategy()])
/// ```
public struct TicketStrategy: FactorStrategy {
    /// The strategy value this module handles.
    public let strategy = Strategy.ticket
    /// The first factor: the ticket proves who the user is.
    public let stages: Set<FactorStage> = [.firstFactor]
    /// A token the app holds (a secret), given with the strategy: nothing is asked.
    public let credential = CredentialKind.token

    /// The ticket strategy.
    public init() {}

    /// `{strategy: ticket, ticket}`: the sign-in's whole first factor.
    public func signInBody(_ ticket: Ticket) -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(strategy: strategy, ticket: ticket.value.revealed)
    }

    /// `{strategy: ticket, ticket}` with the fields of `details` (names, legal acceptance, a password).
    /// - Throws: `ClerkError.invalidInput` for details refused before any request.
    public func signUpBody(_ ticket: Ticket, details: SignUpDetails) throws(ClerkError) -> CreateSignUpRequest.Body {
        var body = try details.createBody()
        body.strategy = strategy
        body.ticket = ticket.value.revealed
        return body
    }
}

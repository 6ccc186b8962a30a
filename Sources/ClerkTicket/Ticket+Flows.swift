import Clerk

extension ClerkClient {
    /// Signs in with a ticket (`POST /v1/client/sign_ins {strategy: ticket, ticket}`): usually
    /// complete at once, or needing a second factor.
    public func signIn(ticket: Ticket) async throws(ClerkError) -> SignInHandle {
        try await createSignIn(TicketStrategy().signInBody(ticket))
    }

    /// Signs up with an invitation's ticket (`POST /v1/client/sign_ups {strategy: ticket, ticket, …}`):
    /// its email address counts as verified; `details` adds what the instance requires.
    public func signUp(ticket: Ticket, details: SignUpDetails = SignUpDetails()) async throws(ClerkError) -> SignUpHandle {
        try await createSignUp(try TicketStrategy().signUpBody(ticket, details: details))
    }
}

extension FlowDriver {
    /// Signs in with `ticket`, then drives the sign-in (a second factor, Client Trust) to a session.
    public func signIn(ticket: Ticket) async throws(ClerkError) -> ActiveSession {
        try await drive(try await client.signIn(ticket: ticket))
    }

    /// Signs up with `ticket` and `details`, then drives the sign-up (missing fields) to a session.
    public func signUp(ticket: Ticket, details: SignUpDetails = SignUpDetails()) async throws(ClerkError) -> ActiveSession {
        try await drive(try await client.signUp(ticket: ticket, details: details))
    }

    /// Accepts a ticket whatever it is for, as clerk-js does with `__clerk_ticket`: a sign-up when
    /// its link says `sign_up`; otherwise a sign-in, which becomes a sign-up with the same ticket
    /// when the API answers `invitation_account_not_exists` (an invitation for a new address).
    public func accept(_ ticket: Ticket, details: SignUpDetails = SignUpDetails()) async throws(ClerkError) -> ActiveSession {
        if ticket.purpose == .signUp { return try await signUp(ticket: ticket, details: details) }
        let signIn: SignInHandle
        do {
            signIn = try await client.signIn(ticket: ticket)
        } catch  where error.hasCode(.invitationAccountNotExists) {
            return try await signUp(ticket: ticket, details: details)
        }
        return try await drive(signIn)
    }
}

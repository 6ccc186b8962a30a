import Clerk

/// Signs up, or, when the instance takes sign-ups from its waitlist only, puts the address on the
/// waitlist and returns nil: the invitation's email comes once the backend invites the entry.
public func signUpOrJoinWaitlist(clerk: ClerkClient, details: SignUpDetails, emailAddress: String) async throws -> ActiveSession? {
    let driver = FlowDriver(client: clerk, registry: try FactorRegistry([])) { question in throw ClerkError.unanswered(question) }
    do {
        return try await driver.signUp(details)
    } catch .flow(.signUpsFromWaitlistOnly) {
        try await clerk.joinWaitlist(emailAddress: emailAddress)
        return nil
    }
}

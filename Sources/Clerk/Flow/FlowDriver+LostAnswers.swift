/// How the driver goes on after a lost answer (`ClerkError.answerLost`), from what the server's
/// state showed: a code or password is asked again (see `secretLoop`), a step that carries no
/// secret is sent once more, and a session the request created is taken as the flow's result.
extension FlowDriver {
    /// Runs a step that carries no secret the user typed (creating a code sign-in, sending a code,
    /// supplying fields, the transfer, finalizing); when its answer was lost and the server's state
    /// shows it was not applied, runs it once more.
    func resendingIfNotApplied<Value: Sendable>(_ step: () async throws(ClerkError) -> Value) async throws(ClerkError) -> Value {
        do {
            return try await step()
        } catch {
            guard let lost = error.lostAnswer, lost.serverState == .notApplied else { throw error }
            onEvent(.answerLost(lost))
            return try await step()
        }
    }

    /// The outcome of `error`: the session it says the server created, settled; rethrows any other error.
    func adoptCreatedSession(from error: ClerkError) async throws(ClerkError) -> Outcome {
        guard let lost = error.lostAnswer, case .sessionCreated(let id) = lost.serverState else { throw error }
        onEvent(.answerLost(lost))
        return try await settle(try await client.activate(sessionID: id))
    }
}

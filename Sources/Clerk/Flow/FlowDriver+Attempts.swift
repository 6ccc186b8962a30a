extension FlowDriver {
    /// How one attempt of a flow ended.
    enum Attempted<Result: Sendable>: Sendable {
        /// The flow's result.
        case finished(Result)
        /// The user started over: the next attempt begins again.
        case startOver
    }

    /// How one attempt of a flow that ends in a session ended.
    typealias Outcome = Attempted<ActiveSession>

    /// The one attempt loop of every flow: sign-in, sign-up, password reset, the transfer to a
    /// sign-up and re-verification.
    ///
    /// Runs `attempt` (numbered from 1) in a run of the driver (`inRun`: the run's start-over
    /// budget, which every `.startOver` answer is counted against, see `maxStartOvers`) until
    /// one finishes; after an attempt that ends in `.startOver`, runs `restart` before the next.
    /// An error is handed to `recover`, which ends the run with a result or rethrows.
    func attempts<Result: Sendable>(
        restart: (FlowDriver) async -> Void,
        recover: (FlowDriver, ClerkError) async throws(ClerkError) -> Attempted<Result>,
        _ attempt: (FlowDriver, _ number: Int) async throws(ClerkError) -> Attempted<Result>
    ) async throws(ClerkError) -> Result {
        try await inRun { (driver) async throws(ClerkError) -> Result in
            var number = 1
            while true {
                let outcome: Attempted<Result>
                do throws(ClerkError) {
                    outcome = try await attempt(driver, number)
                } catch {
                    outcome = try await recover(driver, error)
                }
                switch outcome {
                case .finished(let result): return result
                case .startOver: await restart(driver)
                }
                number += 1
            }
        }
    }

    /// `attempts` for a flow that ends in a session: a start-over forgets the client's sign-in
    /// and sign-up, and a lost answer that created a session ends the flow with it.
    func sessionAttempts(_ attempt: (FlowDriver, _ number: Int) async throws(ClerkError) -> Outcome) async throws(ClerkError) -> ActiveSession {
        try await attempts(
            restart: { (driver) in await driver.startOver() },
            recover: { (driver, error) async throws(ClerkError) -> Outcome in try await driver.adoptCreatedSession(from: error) },
            attempt)
    }

    /// Forgets the client's sign-in and sign-up (no request) and reports it.
    func startOver() async {
        await client.reset()
        onEvent(.startingOver)
    }
}

import Foundation

/// The start-overs of one run of the flow driver (one call of `signIn`, `signUp`, `drive`,
/// `resume`, `resetPassword` or `reverify`, whatever it calls in turn): how many there were, and
/// how many came right after the question, which only an app answering without its user does.
final class StartOverBudget: Sendable {
    /// What the driver does with one more start-over.
    enum Decision: Equatable {
        /// Start over now.
        case now
        /// Wait this long first: the app answered `.startOver` at once, again.
        case after(Duration)
        /// Stop: the run already started over `limit` times.
        case refused(limit: Int)
    }

    /// An answer given sooner than this after its question was not the user's: nobody reads a
    /// question and chooses to start over that fast, so an app answered for them.
    static let unattendedAnswer: TimeInterval = 1
    /// The longest wait before an unattended start-over.
    static let longestWait: Duration = .seconds(30)

    private struct Counts {
        var startOvers = 0
        var unattended = 0
    }

    private let counts = Protected(Counts())

    /// Counts one start-over. The first unattended one goes at once; each next one waits twice as
    /// long as the one before (1 s, 2 s, 4 s, … up to `longestWait`), so that no app loop restarts
    /// a flow faster than that. Past `limit` start-overs in the run, the answer is refused.
    func startOver(answeredIn elapsed: TimeInterval, limit: Int) -> Decision {
        counts.withValue { counts in
            guard counts.startOvers < limit else { return .refused(limit: limit) }
            counts.startOvers += 1
            guard elapsed < Self.unattendedAnswer else { return .now }
            counts.unattended += 1
            guard counts.unattended > 1 else { return .now }
            let doublings = min(counts.unattended - 2, 16)
            return .after(min(.seconds(1 << doublings), Self.longestWait))
        }
    }
}

extension FlowDriver {
    /// Runs `body` as one run of the driver: with this driver's start-over budget when it is
    /// already in a run (a public step calling another), else with a new one.
    func inRun<Value: Sendable>(_ body: (FlowDriver) async throws(ClerkError) -> Value) async throws(ClerkError) -> Value {
        if run != nil { return try await body(self) }
        var driver = self
        driver.run = StartOverBudget()
        return try await body(driver)
    }

    /// Counts a `.startOver` answered `elapsed` seconds after its question against the run's
    /// budget: throws `FlowError.tooManyStartOvers` past `maxStartOvers`, and waits (through the
    /// client's retry sleeper) before an unattended start-over that repeats one.
    func paceStartOver(answeredIn elapsed: TimeInterval) async throws(ClerkError) {
        switch (run ?? StartOverBudget()).startOver(answeredIn: elapsed, limit: maxStartOvers) {
        case .now:
            return
        case .refused(let limit):
            throw .flow(.tooManyStartOvers(limit: limit))
        case .after(let wait):
            do {
                try await client.retrySleeper.sleep(for: wait)
            } catch {
                throw .cancelled
            }
        }
    }
}

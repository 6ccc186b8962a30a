import Clerk

extension ExampleApp {
    /// Checks that `attempt` is refused with `code` (`promise` says what that shows); an attempt that
    /// goes through fails the check `unrefused`.
    public func checkRefused(_ code: ClerkErrorCode, _ promise: String, unrefused: String, _ attempt: () async throws -> Void) async throws {
        do {
            try await attempt()
            try check(false, unrefused)
        } catch let error as ClerkError {
            try check(error.hasCode(code), promise)
        }
    }
}

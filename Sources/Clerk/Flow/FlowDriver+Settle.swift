extension FlowDriver {
    /// Reports the finalized session, then resolves its session tasks (`SessionTaskResolver`).
    func settle(_ finalized: ActiveSession) async throws(ClerkError) -> Outcome {
        try await SessionTaskResolver(driver: self).settle(finalized)
    }
}

extension ClerkClient {
    /// Restores the state at app launch, in one call: reads the environment and the client
    /// (`GET /v1/environment` and `GET /v1/client`, concurrently) with the client token kept in
    /// the token store, and says whether a session is active. Without a stored client token only
    /// the environment is read. The restored session is reported as `sessionChanged(from: nil, to:)`
    /// (not as a sign-in); a session the server no longer has is not restored.
    /// - Throws: the client read's error first, then the environment's.
    public func restore() async throws(ClerkError) -> RestoredState {
        let holdsToken = try currentToken() != nil
        async let environmentRead = readEnvironment()
        let clientRead = holdsToken ? await readClient() : .success(nil)
        let environment = await environmentRead
        let restored = try clientRead.get()
        let state = RestoredState(environment: try environment.get(), client: restored, session: SessionLifecycle.active(restored))
        log("restore: \(state.session.map { "session \($0.id) is active" } ?? "no active session")")
        return state
    }

    private func readEnvironment() async -> Result<EnvironmentResource, ClerkError> {
        do {
            return .success(try await send(GetEnvironmentRequest()))
        } catch {
            return .failure(error)
        }
    }

    private func readClient() async -> Result<ClientResource?, ClerkError> {
        do {
            return .success(try await send(GetClientRequest()).response)
        } catch {
            return .failure(error)
        }
    }
}

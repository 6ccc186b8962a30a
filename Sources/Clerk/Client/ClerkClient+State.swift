extension ClerkClient {
    /// Takes `newClient` as the client state (see ``ClientState/apply(client:origin:endReason:)``).
    func apply(client newClient: ClientResource?, origin: ClientState.Origin = .mutation) async {
        await state.apply(client: newClient, origin: origin)
    }

    /// Runs `body`, a request about `sessionID`; when the answer says the session is gone, the
    /// session is ended locally before the error is rethrown. `notFoundMeansGone` is false for a
    /// request whose 404 may be about something else it names (a token template).
    func aboutSession<T>(
        _ sessionID: String, notFoundMeansGone: Bool = true, _ body: () async throws(ClerkError) -> T
    ) async throws(ClerkError) -> T {
        do {
            return try await body()
        } catch {
            if let reason = SessionRefusal.reason(for: error, sessionScoped: true, notFoundMeansGone: notFoundMeansGone) {
                await state.endLocally(sessionID: sessionID, reason: reason)
            }
            throw error
        }
    }

    /// Runs `body` while `sessionIDs` are being signed out here, so that their end is reported
    /// as `signedOut`.
    func signingOut<T>(_ sessionIDs: [String], _ body: () async throws(ClerkError) -> T) async throws(ClerkError) -> T {
        let added = await state.beginSigningOut(sessionIDs)
        do {
            let result = try await body()
            await state.endSigningOut(added)
            return result
        } catch {
            await state.endSigningOut(added)
            throw error
        }
    }
}

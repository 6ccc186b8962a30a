extension ClerkClient {
    /// The account of `sessionID`, or of the last active session when nil.
    /// - Throws: `ClerkError.flow(.noSession)` when there is no such session (signed out, or never
    ///   signed in); no request is sent.
    public func account(sessionID: String? = nil) async throws(ClerkError) -> AccountHandle {
        let id = try await usableSession(sessionID)
        return AccountHandle(client: self, sessionID: id)
    }

    /// `sessionID`, or the last active session when nil, when the client lists it as a session
    /// that can act: active, or pending its tasks.
    func usableSession(_ sessionID: String?) async throws(ClerkError) -> String {
        let client = await client
        let usable: Set<SessionStatus> = [.active, .pending]
        guard let id = sessionID ?? client?.lastActiveSessionID,
            client?.sessions.contains(where: { $0.id == id && usable.contains($0.status) }) == true
        else {
            throw .flow(.noSession)
        }
        return id
    }
}

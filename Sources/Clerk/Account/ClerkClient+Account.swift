extension ClerkClient {
    /// The account of `sessionID`, or of the last active session when nil.
    /// - Throws: `ClerkError.flow(.noSession)` when there is no such session (signed out, or never
    ///   signed in); no request is sent.
    public func account(sessionID: String? = nil) throws(ClerkError) -> AccountHandle {
        guard let id = sessionID ?? lastActiveSessionID else { throw .flow(.noSession) }
        try requireSession(id)
        return AccountHandle(client: self, sessionID: id)
    }

    /// Whether the client lists `sessionID` as a session that can act: active, or pending its tasks.
    func requireSession(_ sessionID: String) throws(ClerkError) {
        let usable: Set<SessionStatus> = [.active, .pending]
        guard sessions.contains(where: { $0.id == sessionID && usable.contains($0.status) }) else {
            throw .flow(.noSession)
        }
    }
}

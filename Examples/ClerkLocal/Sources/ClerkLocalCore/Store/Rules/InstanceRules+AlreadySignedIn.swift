import ClerkAPI

extension InstanceRules {
    /// With several sessions per client allowed, a user already signed in on this client cannot sign
    /// in on it again (Clerk's `identifier_already_signed_in`, naming the live session); the client
    /// already lists that session, so the answer reveals nothing its caller does not hold.
    func ensureNotSignedIn(_ userID: String, on client: ClientRecord) throws(FrontendError) {
        guard let live = client.sessionIDs.compactMap({ sessions[$0] }).first(where: { $0.userID == userID && isLive($0) }) else { return }
        var error = FrontendError(.identifierAlreadySignedIn)
        error.sessionID = live.id
        throw error
    }
}

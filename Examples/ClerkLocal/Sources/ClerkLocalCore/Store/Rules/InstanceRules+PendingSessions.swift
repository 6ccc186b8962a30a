import ClerkAPI

/// What a `pending` session may do: read its user, sign out, and resolve its own tasks. It gets no
/// JWT template token (a template token carries no `sts`, so a backend verifying one would take a
/// user who has yet to set up MFA or reset a compromised password as fully signed in), and it
/// changes nothing in the account beyond what resolves one of its tasks.
extension InstanceRules {
    /// Refuses `action` for a pending session unless it resolves one of the session's tasks.
    func requireNotPending(_ session: SessionRecord, unlessResolving resolves: Set<SessionTaskKey> = [], action: String) throws(FrontendError) {
        guard session.status(at: now, settings: settings.sessions) == .pending,
            !session.tasks.contains(where: resolves.contains)
        else { return }
        // Clerk's message: "Unable to <action> session <sessionID>".
        throw FrontendError(
            .invalidActionForSession, longMessage: "Unable to \(action) session \(session.id): it is pending until its tasks are resolved.")
    }
}

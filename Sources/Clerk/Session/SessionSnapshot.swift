/// The signed-in state of a `ClerkClient` at one moment: the active session, its user and
/// every signed-in session on the device.
public struct SessionSnapshot: Sendable, Hashable {
    /// The active session (the client's last active one), when it is signed in.
    public var session: Session?
    /// The active session's user, when the answer carried it.
    public var user: User?
    /// Every session of this device that is active or pending, the active one included.
    public var sessions: [Session]

    /// A snapshot of `session` and `sessions`; `user` is the session's.
    public init(session: Session?, sessions: [Session]) {
        self.session = session
        self.user = session?.user
        self.sessions = sessions
    }

    /// No session.
    public static let signedOut = SessionSnapshot(session: nil, sessions: [])

    /// Whether a session is active.
    public var isSignedIn: Bool { session != nil }
}

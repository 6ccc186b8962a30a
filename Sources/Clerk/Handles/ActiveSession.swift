/// The session a finished sign-in or sign-up made active.
public struct ActiveSession: Sendable, Hashable, CustomStringConvertible {
    /// The session as the API last described it.
    public let session: Session
    /// Whether making it active needed a request (`POST /sessions/{id}/touch`); false when the
    /// client already listed it as the last active session.
    public let neededRequest: Bool

    /// A session made active; `neededRequest` tells whether a touch request was sent.
    public init(session: Session, neededRequest: Bool) {
        self.session = session
        self.neededRequest = neededRequest
    }

    /// The session id (`sess_…`).
    public var id: String { session.id }
    /// The session status: `active`, or `pending` while tasks remain.
    public var status: SessionStatus { session.status }
    /// The signed-in user's id, when the answer carried the user.
    public var userID: String? { session.user?.id ?? session.publicUserData?.userID }
    /// Tasks to finish before the session is fully active (setup-mfa, reset-password,
    /// choose-organization). Surface them to the user.
    public var tasks: [SessionTask] { session.tasks ?? [] }
    /// The first task, which the user should do now.
    public var currentTask: SessionTask? { tasks.first }

    /// The session id and status, and its tasks when it has any.
    public var description: String {
        var text = "ActiveSession(\(session.id), \(session.status.rawValue)"
        if !tasks.isEmpty { text += ", tasks: \(tasks.map(\.key.rawValue).joined(separator: ", "))" }
        return text + ")"
    }
}

/// How the SDK learnt that a session it held is gone.
public enum SessionEndReason: Sendable, Hashable, CustomStringConvertible {
    /// A client payload lists the session with this status (`revoked`, `ended`, `expired`,
    /// `removed`, `abandoned`, `replaced`).
    case status(SessionStatus)
    /// A client payload no longer lists the session.
    case missingFromClient
    /// The server has no client for this device any more (so no sessions).
    case clientGone
    /// A request about the session was refused in a way that means it is gone (a 401, a 404
    /// `resource_not_found`, or the codes `authentication_invalid`, `signed_out`,
    /// `client_not_found`).
    case refused(code: ClerkErrorCode?, httpStatus: Int)

    /// The reason in words.
    public var description: String {
        switch self {
        case .status(let status): "the session is \(status.rawValue)"
        case .missingFromClient: "the client no longer lists the session"
        case .clientGone: "the server has no client for this device"
        case .refused(let code, let status): "the server refused a request for it (HTTP \(status)\(code.map { ", \($0.rawValue)" } ?? ""))"
        }
    }
}

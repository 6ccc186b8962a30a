/// The answer to a request that may not be repeated (creating, preparing, attempting, changing
/// the account) never arrived, so the SDK cannot know from the answer whether the server applied it.
///
/// The SDK never sends such a request a second time on its own. Where it can, it reads the
/// server's state instead (the sign-in or sign-up, or the client) and says what that showed in
/// `serverState`: a handle returns normally when the state shows the request was applied, and
/// throws this error otherwise.
public struct LostAnswer: Sendable, Hashable, CustomStringConvertible {
    /// Why no usable answer arrived.
    public enum Cause: Sendable, Hashable, CustomStringConvertible {
        /// The connection dropped, timed out or was cut short after the request may have reached the server.
        case transport(TransportError)
        /// A gateway or proxy answered with a server-side failure (502, 503, 504 with a page, not
        /// Clerk's error envelope), possibly after the server applied the request.
        case gateway(UndecodableResponse)

        /// The transport failure or the gateway's answer, in a few words.
        public var description: String {
            switch self {
            case .transport(let failure): failure.description
            case .gateway(let answer): "HTTP \(answer.httpStatus) from a gateway (\(answer.contentType ?? "no content type"))"
            }
        }
    }

    /// What the SDK learned by reading the server's state after the answer was lost.
    public enum ServerState: Sendable, Hashable {
        /// The state could not be read, or does not tell: the request may or may not have been applied.
        case unknown
        /// The state shows the request had no effect: the step is still to do (a code or password
        /// may also have been refused). Asking the user again, or sending a request that carries no
        /// secret once more, is safe. Never concluded after a time-out: a request that timed out
        /// may still be in flight and applied after the state was read.
        case notApplied
        /// The state shows the request completed the sign-in or sign-up and created this session.
        case sessionCreated(id: String)
    }

    /// The request, as `METHOD path` (ids included; never a query, body or token).
    public var request: String
    /// Why no usable answer arrived.
    public var cause: Cause
    /// What the server's state showed afterwards.
    public var serverState: ServerState

    /// A lost answer to `request`.
    public init(request: String, cause: Cause, serverState: ServerState = .unknown) {
        self.request = request
        self.cause = cause
        self.serverState = serverState
    }

    /// Whether a state read that shows no effect proves the request had none. Not after a
    /// time-out, where the server may still be working on the request when the state is read.
    var stateShowsTheOutcome: Bool {
        if case .transport(let failure) = cause, failure.kind == .timedOut { return false }
        return true
    }

    /// The same lost answer with what the server's state showed.
    func resolved(as state: ServerState) -> LostAnswer {
        var copy = self
        copy.serverState = state
        return copy
    }

    /// The request, the cause and what the server's state showed, in one line.
    public var description: String {
        let outcome =
            switch serverState {
            case .unknown: "the server may or may not have applied it"
            case .notApplied: "the server's state shows it was not applied"
            case .sessionCreated(let id): "the server's state shows it completed with session \(id)"
            }
        return "the answer to \(request) was lost (\(cause.description)): \(outcome)"
    }
}

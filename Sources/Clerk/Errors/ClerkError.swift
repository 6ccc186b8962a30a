import Foundation

/// The one error type of the SDK. Every public operation throws it (typed throws).
///
/// - `api`: the Frontend API answered with its error envelope (the codes are the generated,
///   open `ClerkErrorCode`).
/// - `transport`: the request never got an HTTP answer (timeout, reset, no network).
/// - `answerLost`: a request that may not be repeated (create, prepare, attempt, account changes)
///   may have reached the server but its answer never arrived; `LostAnswer.serverState` says what
///   the server's state showed afterwards.
/// - `undecodableResponse`: an answer arrived but was not what the API sends (a gateway's error
///   page, a captive portal, truncated or non-JSON text, an unexpected shape).
/// - `cancelled`: the calling task was cancelled.
/// - `invalidInput`: a value was refused before any request (e.g. a phone number not in E.164).
/// - `configuration`: the SDK is set up wrongly (bad publishable key, insecure URL, a strategy
///   registered twice, token storage failing).
/// - `flow`: a sign-in or sign-up cannot go on (no registered strategy fits, a status this SDK does
///   not drive, the answer provider gave the wrong kind of answer).
///
/// Descriptions never contain secrets: API messages, status codes and trace ids only.
public enum ClerkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The API answered with its error envelope.
    case api(APIFailure)
    /// No HTTP answer arrived.
    case transport(TransportError)
    /// The answer to a request that may not be repeated was lost; it was not sent again.
    case answerLost(LostAnswer)
    /// An answer arrived that the SDK cannot read.
    case undecodableResponse(UndecodableResponse)
    /// The calling task was cancelled.
    case cancelled
    /// A value was refused before any request.
    case invalidInput(InvalidInput)
    /// The SDK is set up wrongly.
    case configuration(ConfigurationError)
    /// A sign-in or sign-up cannot go on.
    case flow(FlowError)

    /// The API errors, empty unless this is `.api` or a flow error that carries the API's refusal.
    public var apiErrors: [APIError] { apiFailure?.errors ?? [] }

    /// The API's error envelope: of `.api`, or of the refusal a flow error stands for.
    var apiFailure: APIFailure? {
        switch self {
        case .api(let failure), .flow(.signUpsFromWaitlistOnly(let failure)): failure
        default: nil
        }
    }

    /// The code of the first API error, if any.
    public var code: ClerkErrorCode? { apiErrors.first?.code }

    /// Whether any API error carries `code`.
    public func hasCode(_ code: ClerkErrorCode) -> Bool {
        apiErrors.contains { $0.code == code }
    }

    /// The HTTP status, when an answer arrived.
    public var httpStatus: Int? {
        if let failure = apiFailure { return failure.httpStatus }
        return switch self {
        case .undecodableResponse(let failure): failure.httpStatus
        case .answerLost(let lost):
            if case .gateway(let answer) = lost.cause { answer.httpStatus } else { nil }
        default: nil
        }
    }

    /// What was lost, when this is `.answerLost`.
    public var lostAnswer: LostAnswer? {
        if case .answerLost(let lost) = self { return lost }
        return nil
    }

    /// The `clerk_trace_id` of the failing answer, when there is one.
    public var traceID: String? { apiFailure?.traceID }

    /// How long the server asked to wait (`Retry-After`), when it did.
    public var retryAfter: Duration? {
        switch self {
        case .api(let failure): failure.retryAfter
        case .undecodableResponse(let failure): failure.retryAfter
        default: nil
        }
    }

    /// A one-line summary of the error; never a secret.
    public var description: String {
        switch self {
        case .api(let failure): failure.description
        case .transport(let failure): "transport failure: \(failure.description)"
        case .answerLost(let lost): lost.description
        case .undecodableResponse(let failure): failure.description
        case .cancelled: "the operation was cancelled"
        case .invalidInput(let input): "invalid input: \(input.description)"
        case .configuration(let problem): "configuration error: \(problem.description)"
        case .flow(let problem): "flow error: \(problem.description)"
        }
    }
}

/// An error envelope from the Frontend API, with the HTTP details that came with it.
///
/// Every error of the answer that carries a code is here, even when the answer left out its
/// messages or `meta` or gave them an unexpected type: such messages read as empty strings.
public struct APIFailure: Sendable, Hashable, CustomStringConvertible {
    /// The errors, in the order the API listed them.
    public var errors: [APIError]
    /// The HTTP status of the answer.
    public var httpStatus: Int
    /// `clerk_trace_id`, for Clerk support.
    public var traceID: String?
    /// The `Retry-After` delay (429 answers carry it).
    public var retryAfter: Duration?

    /// An API failure with its errors and HTTP details.
    public init(errors: [APIError], httpStatus: Int, traceID: String? = nil, retryAfter: Duration? = nil) {
        self.errors = errors
        self.httpStatus = httpStatus
        self.traceID = traceID
        self.retryAfter = retryAfter
    }

    /// The status, the trace id and each error's code and message.
    public var description: String {
        let list = errors.map { error in
            let message = error.longMessage.isEmpty ? error.message : error.longMessage
            var text = message.isEmpty ? error.code.rawValue : "\(error.code.rawValue): \(message)"
            if let param = error.meta?.paramName { text += " (param \(param))" }
            return text
        }.joined(separator: "; ")
        var text = "Clerk API error \(httpStatus): \(list.isEmpty ? "no details" : list)"
        if let traceID { text += " [trace \(traceID)]" }
        if let retryAfter { text += " [retry after \(retryAfter)]" }
        return text
    }
}

/// A request that got no HTTP answer.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as far as the SDK needs to know.
    public enum Kind: String, Sendable, Hashable {
        /// No answer in time.
        case timedOut = "timed out"
        /// The connection dropped or was reset mid-request.
        case connectionLost = "connection lost"
        /// The host could not be reached or resolved.
        case cannotConnect = "cannot connect"
        /// The device is offline.
        case notConnected = "not connected to the internet"
        /// TLS failed (certificate or handshake): not transient.
        case secureConnectionFailed = "secure connection failed"
        /// Anything else.
        case other = "other"
    }

    /// The kind of failure.
    public var kind: Kind
    /// A human-readable detail (never the request body).
    public var detail: String

    /// A transport failure of `kind`, with an optional detail.
    public init(_ kind: Kind, detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    /// Whether repeating the request might succeed (timeouts, resets, no connection).
    public var isTransient: Bool {
        switch kind {
        case .timedOut, .connectionLost, .cannotConnect, .notConnected: true
        case .secureConnectionFailed, .other: false
        }
    }

    /// Whether the request may have reached the server before the failure (a time-out, a reset,
    /// an answer cut short), as opposed to never having left (no connection, no network, TLS refused).
    public var mayHaveReachedServer: Bool {
        switch kind {
        case .timedOut, .connectionLost, .other: true
        case .cannotConnect, .notConnected, .secureConnectionFailed: false
        }
    }

    /// The kind, with the detail when there is one.
    public var description: String { detail.isEmpty ? kind.rawValue : "\(kind.rawValue): \(detail)" }
}

/// An answer that is not what the Frontend API sends: a gateway's error page, a captive portal or
/// proxy answering instead of Clerk, truncated or non-JSON text, or JSON of an unexpected shape. The
/// body itself is not kept (it could hold a token).
public struct UndecodableResponse: Sendable, Hashable, CustomStringConvertible {
    /// Who, as far as the SDK can tell, answered.
    public enum Kind: String, Sendable, Hashable {
        /// A 5xx without Clerk's error envelope: a gateway, load balancer or proxy reporting a
        /// server-side failure. Requests that are safe to repeat are retried.
        case gatewayFailure = "gateway failure"
        /// An HTML page where JSON was expected, with a status that is not a server failure:
        /// something between the app and Clerk (a captive portal, a proxy) answered instead.
        case notFromClerk = "not from Clerk"
        /// Clerk's answer, but empty, cut short or not of the expected shape.
        case malformed = "malformed"
    }

    /// The HTTP status of the answer.
    public var httpStatus: Int
    /// The `Content-Type` the server declared.
    public var contentType: String?
    /// The body size in bytes.
    public var byteCount: Int
    /// Why it could not be read.
    public var reason: String
    /// The `Retry-After` delay, if the answer carried one.
    public var retryAfter: Duration?
    /// Who answered.
    public var kind: Kind

    /// An undecodable answer and why.
    public init(
        httpStatus: Int, contentType: String?, byteCount: Int, reason: String, retryAfter: Duration? = nil, kind: Kind = .malformed
    ) {
        self.httpStatus = httpStatus
        self.contentType = contentType
        self.byteCount = byteCount
        self.reason = reason
        self.retryAfter = retryAfter
        self.kind = kind
    }

    /// The kind, status, content type, size and why decoding failed, in one line; never the body.
    public var description: String {
        let answer = "HTTP \(httpStatus), \(contentType ?? "no content type"), \(byteCount) bytes"
        return switch kind {
        case .gatewayFailure: "gateway failure (\(answer)): \(reason)"
        case .notFromClerk: "an answer not from Clerk (\(answer)): \(reason)"
        case .malformed: "undecodable response (\(answer)): \(reason)"
        }
    }
}

/// A value refused before any request was sent.
public struct InvalidInput: Sendable, Hashable, CustomStringConvertible {
    /// The field concerned, e.g. `phone_number`.
    public var field: String
    /// Why it is refused.
    public var reason: String

    /// A refusal of `field`, with the reason.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// The field and why it was refused.
    public var description: String { "\(field): \(reason)" }
}

/// The SDK is set up wrongly.
public enum ConfigurationError: Sendable, Hashable, CustomStringConvertible {
    /// The publishable key is malformed.
    case invalidPublishableKey(reason: String)
    /// The Frontend API URL is malformed.
    case invalidFrontendAPIURL(reason: String)
    /// Plain `http` for a host that is not loopback.
    case insecureFrontendAPIURL(host: String)
    /// A strategy was registered twice for the same stage.
    case duplicateStrategy(Strategy, stage: FactorStage)
    /// The token store failed to read or write.
    case tokenStorage(reason: String)
    /// The instance does not offer this strategy for signing in (its environment says so); `offered`
    /// lists what it does offer.
    case strategyNotOffered(Strategy, offered: [Strategy])
    /// The instance protects sign-ups with a captcha and the client has no `Options.captchaProvider`.
    case captchaProviderMissing

    /// What is wrong with the configuration.
    public var description: String {
        switch self {
        case .invalidPublishableKey(let reason): "invalid publishable key: \(reason)"
        case .invalidFrontendAPIURL(let reason): "invalid Frontend API URL: \(reason)"
        case .insecureFrontendAPIURL(let host):
            "refusing plain http for '\(host)': use https (http is allowed only for 127.0.0.0/8, ::1 and localhost)"
        case .duplicateStrategy(let strategy, let stage): "strategy '\(strategy.rawValue)' is already registered for \(stage.rawValue)"
        case .tokenStorage(let reason): "token storage failed: \(reason)"
        case .strategyNotOffered(let strategy, let offered):
            "this instance does not offer '\(strategy.rawValue)' for signing in"
                + (offered.isEmpty ? "" : "; it offers \(offered.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
                + " (turn it on in the instance's settings, e.g. Clerk's dashboard or clerk-local's --preset)"
        case .captchaProviderMissing:
            "this instance protects sign-ups with a captcha (bot sign-up protection): give ClerkClient.Options a captchaProvider"
        }
    }
}

/// A sign-in or sign-up that the flow driver cannot take further.
public enum FlowError: Sendable, Hashable, CustomStringConvertible {
    /// No registered strategy applies at `stage` among what the API supports.
    case noApplicableStrategy(stage: FactorStage, supported: [Strategy])
    /// A status this SDK does not drive (e.g. `needs_protect_check`, `abandoned`).
    case unsupportedStatus(String)
    /// An operation needs a completed sign-in or sign-up with a created session.
    case notComplete(status: String)
    /// There is no current sign-in or sign-up to act on.
    case noCurrentAttempt
    /// The answer provider answered a question with the wrong kind of answer.
    case unexpectedAnswer(question: String, answer: String)
    /// The answer provider threw.
    case answerProviderFailed(String)
    /// The session to act on is not known.
    case noSession
    /// The user gave `count` answers at one step (`question`) that the API refused, or that
    /// repeated one it had just refused: the flow stops rather than lock the account.
    case tooManyFailedAnswers(question: String, count: Int)
    /// An email link did not verify: it expired, failed, was opened on another client where the
    /// instance requires the same one, or was not opened before the wait ended.
    case emailLink(EmailLinkFailure)
    /// The run had started over `limit` times (`FlowDriver.maxStartOvers`) and the answer
    /// provider answered `.startOver` once more: the flow stops rather than start again forever.
    case tooManyStartOvers(limit: Int)
    /// The answer provider has no answer to `question` (its description): see `ClerkError.unanswered(_:)`.
    case unansweredQuestion(String)
    /// The browser did not come back to an OAuth redirect URL: the wait timed out, or the loopback
    /// listener could not start.
    case oauthRedirect(OAuthRedirectFailure)
    /// The app's ``CaptchaProvider`` threw instead of answering a token (its error's description).
    case captchaFailed(String)
    /// The instance takes sign-ups from its waitlist only (sign-up mode `waitlist`) and this sign-up
    /// carried no invitation: Clerk's `sign_up_restricted_waitlist` refusal, kept whole. Join the list
    /// with ``ClerkClient/joinWaitlist(emailAddress:)``; once the backend invites the entry, the
    /// invitation's ticket signs up.
    case signUpsFromWaitlistOnly(APIFailure)

    /// Why the flow stopped.
    public var description: String {
        switch self {
        case .noApplicableStrategy(let stage, let supported):
            supported.isEmpty
                ? "no registered strategy applies to \(stage.rawValue) (the API names no strategy for it)"
                : "no registered strategy applies to \(stage.rawValue) (the API supports: \(supported.map(\.rawValue).joined(separator: ", ")))"
        case .unsupportedStatus(let status): "status '\(status)' cannot be driven by this SDK"
        case .notComplete(let status): "not complete (status '\(status)')"
        case .noCurrentAttempt: "there is no current sign-in or sign-up"
        case .unexpectedAnswer(let question, let answer): "answer '\(answer)' does not fit question '\(question)'"
        case .answerProviderFailed(let reason): "the answer provider failed: \(reason)"
        case .noSession: "no session"
        case .tooManyFailedAnswers(let question, let count): "\(count) failed answers to '\(question)': stopped"
        case .emailLink(let failure): "email link: \(failure.description)"
        case .tooManyStartOvers(let limit): "the app started over \(limit) times and asked to start over again: stopped"
        case .unansweredQuestion(let question): "the app has no answer to '\(question)'"
        case .oauthRedirect(let failure): "OAuth redirect: \(failure.description)"
        case .captchaFailed(let reason): "the captcha provider failed: \(reason)"
        case .signUpsFromWaitlistOnly(let failure):
            "sign-ups are open to invited waitlist entries only: join the waitlist and sign up with the invitation (\(failure.description))"
        }
    }
}

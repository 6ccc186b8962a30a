/// A re-verification of a session (`/v1/client/sessions/{id}/verify`) and the operations on it:
/// proving again who you are before a sensitive action. A handle is a snapshot: each operation
/// returns a new handle with the re-verification as the API answered.
///
/// Start one with `ClerkClient.startReverification(level:sessionID:)`, or let
/// `FlowDriver.reverify(level:sessionID:)` drive it with the registered strategies.
public struct ReverificationHandle: Sendable, CustomStringConvertible {
    /// The client that sends the requests.
    public let client: ClerkClient
    /// The re-verification as last answered.
    public let reverification: SessionReverification

    /// A handle for `reverification`, sent through `client`.
    public init(client: ClerkClient, reverification: SessionReverification) {
        self.client = client
        self.reverification = reverification
    }

    /// The session being re-verified (`sess_…`).
    public var sessionID: String { reverification.session.id }
    /// Where the re-verification stands.
    public var status: SessionReverificationStatus { reverification.status }
    /// The level asked for.
    public var level: SessionReverificationLevel { reverification.level }
    /// The first factors the user can use.
    public var supportedFirstFactors: [SignInFactor] { reverification.supportedFirstFactors ?? [] }
    /// The second factors the user can use.
    public var supportedSecondFactors: [SignInFactor] { reverification.supportedSecondFactors ?? [] }
    /// The state of the first-factor verification.
    public var firstFactorVerification: Verification? { reverification.firstFactorVerification }
    /// The state of the second-factor verification.
    public var secondFactorVerification: Verification? { reverification.secondFactorVerification }
    /// Whether the session is re-verified.
    public var isComplete: Bool { status == .complete }

    /// Sends a first-factor code (`verify/prepare_first_factor`).
    public func prepareFirstFactor(_ body: PrepareSessionReverificationFirstFactorRequest.Body) async throws(ClerkError) -> ReverificationHandle {
        try await next(PrepareSessionReverificationFirstFactorRequest(sessionID: sessionID, body: body))
    }

    /// Verifies the first factor, a code or the password (`verify/attempt_first_factor`, never retried).
    public func attemptFirstFactor(_ body: AttemptSessionReverificationFirstFactorRequest.Body) async throws(ClerkError) -> ReverificationHandle {
        try await next(AttemptSessionReverificationFirstFactorRequest(sessionID: sessionID, body: body))
    }

    /// Sends a second-factor code (`verify/prepare_second_factor`).
    public func prepareSecondFactor(_ body: PrepareSessionReverificationSecondFactorRequest.Body) async throws(ClerkError) -> ReverificationHandle {
        try await next(PrepareSessionReverificationSecondFactorRequest(sessionID: sessionID, body: body))
    }

    /// Verifies the second factor (`verify/attempt_second_factor`, never retried).
    public func attemptSecondFactor(_ body: AttemptSessionReverificationSecondFactorRequest.Body) async throws(ClerkError) -> ReverificationHandle {
        try await next(AttemptSessionReverificationSecondFactorRequest(sessionID: sessionID, body: body))
    }

    private func next<Endpoint: APIEndpoint>(_ endpoint: Endpoint) async throws(ClerkError) -> ReverificationHandle
    where Endpoint.Response == ClientEnvelope<SessionReverification, ClientResource> {
        ReverificationHandle(client: client, reverification: try await client.send(endpoint).response)
    }

    /// The session, level and status; never a secret.
    public var description: String {
        "ReverificationHandle(\(sessionID), \(level.rawValue), \(status.rawValue))"
    }
}

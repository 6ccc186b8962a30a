/// The signed-in user's account, acting for one session: every request goes to `/v1/me` with
/// that session in `_clerk_session_id`.
///
/// Get one from the client for its last active session (or a given one); a call whose session
/// the client no longer lists fails with `ClerkError.flow(.noSession)` before any request.
/// The strategy modules add their parts: `ClerkTOTP` (authenticator app), `ClerkBackupCode`
/// (backup codes), `ClerkPhoneCode` (phone numbers as second factor), `ClerkPassword` (change).
///
/// ```swift
/// let account = try await clerk.account()
/// let user = try await account.user()
/// let updated = try await account.update(.init(firstName: "Jane"))
/// ```
public struct AccountHandle: Sendable, CustomStringConvertible {
    /// The client that sends the requests.
    public let client: ClerkClient
    /// The session the requests act for (`sess_…`).
    public let sessionID: String
    /// How an action answered `session_reverification_required` is re-verified before it is sent
    /// once more; nil (the default) lets that error through. Set it with `reverifying(with:level:)`.
    public var reverification: ReverificationRetry?

    /// An account handle for `sessionID`, sent through `client`. Prefer `client.account(sessionID:)`,
    /// which checks that the client knows the session.
    public init(client: ClerkClient, sessionID: String) {
        self.client = client
        self.sessionID = sessionID
    }

    /// The session as the client last heard of it (no request), nil when the client no longer lists it.
    public func session() async -> Session? {
        await client.sessions.first { $0.id == sessionID }
    }

    /// The user as the client's state last described it (no request), when the session carried it.
    public func cachedUser() async -> User? {
        await session()?.user
    }

    /// Reads the user (`GET /v1/me`).
    public func user() async throws(ClerkError) -> User {
        try await send(GetUserRequest(clerkSessionID: sessionID)).response
    }

    /// Updates names and primary identifiers (`PATCH /v1/me`); unset fields are not sent.
    public func update(_ changes: UpdateUserRequest.Body) async throws(ClerkError) -> User {
        try await send(UpdateUserRequest(clerkSessionID: sessionID, body: changes)).response
    }

    /// Sends an account request built for this session, after checking that the client still
    /// lists the session (active or pending its tasks).
    /// - Throws: `ClerkError.flow(.noSession)` before any request when it does not.
    ///
    /// With `reverification` set, an answer `session_reverification_required` (403) runs the
    /// re-verification and sends the request once more, once: the first request was refused, so
    /// nothing is applied twice.
    public func send<Endpoint: APIEndpoint>(_ endpoint: Endpoint) async throws(ClerkError) -> Endpoint.Response {
        _ = try await client.usableSession(sessionID)
        guard let reverification else { return try await client.send(endpoint) }
        do {
            return try await client.send(endpoint)
        } catch  where error.hasCode(.sessionReverificationRequired) {
            try await reverification.driver.reverify(level: reverification.level, sessionID: sessionID)
            return try await client.send(endpoint)
        }
    }

    /// This account, re-verifying through `driver` at `level` when an action answers
    /// `session_reverification_required`, then retrying that action once (as clerk-js's
    /// `useReverification` does).
    ///
    /// ```swift
    /// let account = try await clerk.account().reverifying(with: driver, level: .secondFactor)
    /// ```
    public func reverifying(with driver: FlowDriver, level: SessionReverificationLevel = .secondFactor) -> AccountHandle {
        var copy = self
        copy.reverification = ReverificationRetry(driver: driver, level: level)
        return copy
    }

    /// The session id; never a secret.
    public var description: String { "AccountHandle(\(sessionID))" }
}

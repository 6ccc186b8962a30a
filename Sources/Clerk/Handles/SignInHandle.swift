/// A sign-in attempt and the operations on it. A handle is a snapshot: each operation returns
/// a new handle with the sign-in as the API answered.
///
/// When the answer to an operation is lost (`ClerkError.answerLost`), the handle reads the sign-in
/// again and returns it when it shows the operation took effect (a code accepted, a factor
/// prepared); otherwise it throws `answerLost` with `serverState` saying what it saw. Nothing is
/// sent twice.
public struct SignInHandle: Sendable, CustomStringConvertible {
    /// The client that sends this sign-in's requests.
    public let client: ClerkClient
    /// The sign-in as last answered.
    public let signIn: SignIn

    /// A handle for `signIn`, sent through `client`.
    public init(client: ClerkClient, signIn: SignIn) {
        self.client = client
        self.signIn = signIn
    }

    /// The sign-in id (`sia_…`).
    public var id: String { signIn.id }
    /// Where the sign-in stands.
    public var status: SignInStatus { signIn.status }
    /// The identifier the sign-in was started with.
    public var identifier: String? { signIn.identifier }
    /// The first factors the user can use.
    public var supportedFirstFactors: [SignInFactor] { signIn.supportedFirstFactors ?? [] }
    /// The second factors the user can use (also the client-trust factors).
    public var supportedSecondFactors: [SignInFactor] { signIn.supportedSecondFactors ?? [] }
    /// The state of the first-factor verification.
    public var firstFactorVerification: Verification? { signIn.firstFactorVerification }
    /// The state of the second-factor verification.
    public var secondFactorVerification: Verification? { signIn.secondFactorVerification }
    /// The session created when the sign-in completed.
    public var createdSessionID: String? { signIn.createdSessionID }
    /// Whether the sign-in is complete.
    public var isComplete: Bool { signIn.status == .complete }
    /// Whether the first factor was verified for an identifier with no account
    /// (signUpIfMissing): the sign-up can be created with `transfer`.
    public var isTransferable: Bool { signIn.firstFactorVerification?.status == .transferable }

    /// Sends a first-factor code, or starts another first-factor verification.
    public func prepareFirstFactor(_ body: PrepareSignInFirstFactorRequest.Body) async throws(ClerkError) -> SignInHandle {
        try await next(PrepareSignInFirstFactorRequest(signInID: id, body: body)) { before, now in
            now.status != before.status || now.firstFactorVerification != before.firstFactorVerification
        }
    }

    /// Verifies the first factor (a code, a password). Never retried automatically.
    public func attemptFirstFactor(_ body: AttemptSignInFirstFactorRequest.Body) async throws(ClerkError) -> SignInHandle {
        try await next(AttemptSignInFirstFactorRequest(signInID: id, body: body)) { before, now in
            now.status != before.status || [.verified, .transferable].contains(now.firstFactorVerification?.status)
        }
    }

    /// Sends a second-factor (or client-trust) code.
    public func prepareSecondFactor(_ body: PrepareSignInSecondFactorRequest.Body) async throws(ClerkError) -> SignInHandle {
        try await next(PrepareSignInSecondFactorRequest(signInID: id, body: body)) { before, now in
            now.status != before.status || now.secondFactorVerification != before.secondFactorVerification
        }
    }

    /// Verifies the second factor (or client trust). Never retried automatically.
    public func attemptSecondFactor(_ body: AttemptSignInSecondFactorRequest.Body) async throws(ClerkError) -> SignInHandle {
        try await next(AttemptSignInSecondFactorRequest(signInID: id, body: body)) { before, now in
            now.status != before.status || now.secondFactorVerification?.status == .verified
        }
    }

    /// Sets a new password when the status is `needs_new_password`.
    public func resetPassword(_ body: ResetPasswordRequest.Body) async throws(ClerkError) -> SignInHandle {
        try await next(ResetPasswordRequest(signInID: id, body: body)) { before, now in now.status != before.status }
    }

    /// Reads the sign-in again (`GET /v1/client/sign_ins/{id}`).
    public func reload() async throws(ClerkError) -> SignInHandle {
        SignInHandle(client: client, signIn: try await client.send(GetSignInRequest(signInID: id)).response)
    }

    /// Makes the created session active: no request when the client already lists it as the
    /// last active session, otherwise a touch.
    /// - Throws: `ClerkError.flow(.notComplete)` before the sign-in is complete.
    public func finalize() async throws(ClerkError) -> ActiveSession {
        guard let sessionID = signIn.createdSessionID else { throw .flow(.notComplete(status: status.rawValue)) }
        return try await client.activate(sessionID: sessionID)
    }

    /// Forgets this sign-in locally to start over (no request).
    public func reset() async {
        await client.reset()
    }

    /// The supported first factors using `strategy`.
    public func firstFactors(_ strategy: Strategy) -> [SignInFactor] {
        supportedFirstFactors.filter { $0.strategy == strategy }
    }

    /// The supported second factors using `strategy`.
    public func secondFactors(_ strategy: Strategy) -> [SignInFactor] {
        supportedSecondFactors.filter { $0.strategy == strategy }
    }

    /// Sends a change to this sign-in. When its answer is lost, the sign-in is read again: the
    /// handle is returned when `applied` says the change took effect, else `answerLost` is thrown.
    private func next<Endpoint: APIEndpoint>(
        _ endpoint: Endpoint, appliedIf applied: @Sendable (_ before: SignIn, _ now: SignIn) -> Bool
    ) async throws(ClerkError) -> SignInHandle where Endpoint.Response == ClientEnvelope<SignIn, ClientResource> {
        let now = try await client.send(
            endpoint, about: signIn, reread: { @Sendable () async throws(ClerkError) in try await reload().signIn }, applied: applied)
        return SignInHandle(client: client, signIn: now)
    }

    /// The sign-in id and status; never a secret.
    public var description: String {
        "SignInHandle(\(signIn.id), \(signIn.status.rawValue))"
    }
}

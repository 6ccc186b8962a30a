/// A sign-up attempt and the operations on it. A handle is a snapshot: each operation returns
/// a new handle with the sign-up as the API answered.
public struct SignUpHandle: Sendable, CustomStringConvertible {
    /// The client that sends this sign-up's requests.
    public let client: ClerkClient
    /// The sign-up as last answered.
    public let signUp: SignUp

    /// A handle for `signUp`, sent through `client`.
    public init(client: ClerkClient, signUp: SignUp) {
        self.client = client
        self.signUp = signUp
    }

    /// The sign-up id (`sua_…`).
    public var id: String { signUp.id }
    /// Where the sign-up stands.
    public var status: SignUpStatus { signUp.status }
    /// Fields the instance requires.
    public var requiredFields: [SignUpField] { signUp.requiredFields }
    /// Fields the instance accepts but does not require.
    public var optionalFields: [SignUpField] { signUp.optionalFields }
    /// Required fields still to supply.
    public var missingFields: [SignUpField] { signUp.missingFields }
    /// Supplied fields still to verify (email address, phone number).
    public var unverifiedFields: [SignUpField] { signUp.unverifiedFields }
    /// The verifications, one per verifiable field.
    public var verifications: SignUpVerifications { signUp.verifications }
    /// The verification of a verifiable `field` (email address, phone number, web3 wallet,
    /// external account), if the sign-up has one.
    public func verification(of field: SignUpField) -> Verification? {
        switch field {
        case .emailAddress: verifications.emailAddress
        case .phoneNumber: verifications.phoneNumber
        case .web3Wallet: verifications.web3Wallet
        case .externalAccount: verifications.externalAccount
        default: nil
        }
    }

    /// The value supplied for an identifier `field` (email address, phone number, username).
    public func value(of field: SignUpField) -> String? {
        switch field {
        case .emailAddress: signUp.emailAddress
        case .phoneNumber: signUp.phoneNumber
        case .username: signUp.username
        default: nil
        }
    }

    /// The session created when the sign-up completed.
    public var createdSessionID: String? { signUp.createdSessionID }
    /// Whether the sign-up is complete.
    public var isComplete: Bool { signUp.status == .complete }

    /// Supplies more fields (`PATCH /v1/client/sign_ups/{id}`).
    public func update(_ body: UpdateSignUpRequest.Body) async throws(ClerkError) -> SignUpHandle {
        try await next(UpdateSignUpRequest(signUpID: id, body: body)) { before, now in now != before }
    }

    /// Supplies more fields from typed details, validating a phone number before any request.
    public func update(_ details: SignUpDetails) async throws(ClerkError) -> SignUpHandle {
        try await update(try details.updateBody())
    }

    /// Sends a verification code for an unverified field.
    public func prepareVerification(_ body: PrepareSignUpVerificationRequest.Body) async throws(ClerkError) -> SignUpHandle {
        try await next(PrepareSignUpVerificationRequest(signUpID: id, body: body)) { before, now in
            now.status != before.status || now.verifications != before.verifications
        }
    }

    /// Verifies a field with a code. Never retried automatically.
    public func attemptVerification(_ body: AttemptSignUpVerificationRequest.Body) async throws(ClerkError) -> SignUpHandle {
        try await next(AttemptSignUpVerificationRequest(signUpID: id, body: body)) { before, now in
            now.status != before.status || now.unverifiedFields != before.unverifiedFields
        }
    }

    /// Reads the sign-up again (`GET /v1/client/sign_ups/{id}`).
    public func reload() async throws(ClerkError) -> SignUpHandle {
        SignUpHandle(client: client, signUp: try await client.send(GetSignUpRequest(signUpID: id)).response)
    }

    /// Makes the created session active: no request when the client already lists it as the
    /// last active session, otherwise a touch.
    /// - Throws: `ClerkError.flow(.notComplete)` before the sign-up is complete.
    public func finalize() async throws(ClerkError) -> ActiveSession {
        guard let sessionID = signUp.createdSessionID else { throw .flow(.notComplete(status: status.rawValue)) }
        return try await client.activate(sessionID: sessionID)
    }

    /// Forgets this sign-up locally to start over (no request).
    public func reset() async {
        await client.reset()
    }

    /// Sends a change to this sign-up. When its answer is lost, the sign-up is read again: the
    /// handle is returned when `applied` says the change took effect, else `answerLost` is thrown.
    private func next<Endpoint: APIEndpoint>(
        _ endpoint: Endpoint, appliedIf applied: @Sendable (_ before: SignUp, _ now: SignUp) -> Bool
    ) async throws(ClerkError) -> SignUpHandle where Endpoint.Response == ClientEnvelope<SignUp, ClientResource> {
        let now = try await client.send(
            endpoint, about: signUp, reread: { @Sendable () async throws(ClerkError) in try await reload().signUp }, applied: applied)
        return SignUpHandle(client: client, signUp: now)
    }

    /// The sign-up id and status, with what it still misses; never a secret.
    public var description: String {
        "SignUpHandle(\(signUp.id), \(signUp.status.rawValue), missing: \(missingFields.map(\.rawValue)), unverified: \(unverifiedFields.map(\.rawValue)))"
    }
}

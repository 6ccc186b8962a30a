import ClerkAPI
import Foundation
import NIOConcurrencyHelpers

/// All server state, behind one actor: users, clients, sign-ins, sign-ups, sessions and the rate
/// limiter. Each operation validates everything first and changes state only once nothing can fail,
/// so a refused request leaves no trace (other than counting towards rate limits, attempt limits and
/// lockout, which is what those are for). Slow work (bcrypt, token signing) happens outside.
actor FrontendStore {
    /// The one place the settings in effect live, with the password policy derived from them. Only
    /// the actor changes them (`switchSettings`), so an operation sees one set throughout; code
    /// outside the actor reads them through `settingsSnapshot`.
    private let settingsInEffect: NIOLockedValueBox<SettingsInEffect>
    /// Settings switched since the last commit, not yet handed to storage.
    var settingsPending = false
    /// Where the store reads the time (`now`).
    private let readTime: @Sendable () -> Date
    let outbox: Outbox

    /// Where changes go before a request is answered (`FrontendStore+Persistence`).
    let storage: any StateStorage

    var users: TrackedTable<UserRecord>
    var userIDsByEmail: [String: String] = [:]
    var userIDsByPhone: [String: String] = [:]
    var userIDsByUsername: [String: String] = [:]
    var clients: TrackedTable<ClientRecord>
    var clientIDsByToken: [String: String] = [:]
    var signIns: TrackedTable<SignInRecord>
    var signUps: TrackedTable<SignUpRecord>
    var sessions: TrackedTable<SessionRecord>
    var rateLimiter = RateLimiter()
    /// When the next sweep of abandoned records is due, by the server's clock.
    var nextPruneAt = Date.distantPast
    /// A reset not yet handed to storage.
    var resetPending = false
    /// A write not yet handed to storage that changes nothing but takes as long as a record's
    /// (`StateChanges.padding`).
    var paddingWritePending = false
    /// The sequence number of the last batch of changes handed to storage.
    var lastStoredSequence: UInt64 = 0
    /// Operations whose answers wait for their changes to be durable (`FrontendStore+Operations`).
    var inFlight = OperationsInFlight()
    /// Operations waiting for their batch to be handed to storage, by number.
    var enqueueWaiters: [UInt64: CheckedContinuation<UInt64, any Error>] = [:]
    /// The messages sent by the operation running now, to take back if it fails.
    var deliveredInOperation: Set<String>?
    /// When the sweep was due before the operation running now.
    var pruneAtBeforeOperation = Date.distantPast

    init(settings: InstanceSettings, now: @escaping @Sendable () -> Date, outbox: Outbox, storage: any StateStorage = MemoryStorage()) {
        settingsInEffect = NIOLockedValueBox(SettingsInEffect(settings, generation: 0))
        readTime = now
        self.outbox = outbox
        self.storage = storage
        let tracks = storage.keepsState
        users = TrackedTable(tracksChanges: tracks)
        clients = TrackedTable(tracksChanges: tracks)
        signIns = TrackedTable(tracksChanges: tracks)
        signUps = TrackedTable(tracksChanges: tracks)
        sessions = TrackedTable(tracksChanges: tracks)
    }

    /// The settings in effect and what derives from them, read together.
    nonisolated var settingsSnapshot: SettingsInEffect {
        settingsInEffect.withLockedValue { $0 }
    }

    nonisolated var settings: InstanceSettings { settingsSnapshot.settings }

    nonisolated var passwordPolicy: PasswordPolicy { settingsSnapshot.passwordPolicy }

    /// Puts new settings in effect in one step, keeping every record unless `deletingState`, and
    /// hands them to storage with the next commit (in the same batch as the reset, if any).
    func switchSettings(to newSettings: InstanceSettings, deletingState: Bool) {
        if deletingState { reset() }
        settingsInEffect.withLockedValue { $0 = SettingsInEffect(newSettings, generation: $0.generation + 1) }
        settingsPending = storage.keepsState
    }

    var now: Date { readTime() }

    // MARK: Clients

    /// Every operation starts by finding its client, so the sweep of abandoned records runs here
    /// when it is due, before the operation reads anything.
    func client(forToken token: String?) -> ClientRecord? {
        pruneIfDue()
        guard let token, !token.isEmpty, let id = clientIDsByToken[token] else { return nil }
        return clients[id]
    }

    /// The caller's client, or 401 when the request carries none the server knows.
    func requireClient(_ meta: RequestMeta) throws(FrontendError) -> ClientRecord {
        guard let client = client(forToken: meta.token) else { throw .signedOut() }
        return client
    }

    /// The caller's client, or a new one (not yet stored) for the first sign-in or sign-up.
    func clientOrNew(_ meta: RequestMeta) -> ClientRecord {
        client(forToken: meta.token) ?? ClientRecord.new(now: now)
    }

    func store(_ client: ClientRecord) {
        var client = client
        client.updatedAt = now
        clients[client.id] = client
        clientIDsByToken[client.token] = client.id
    }

    func snapshot(of clientID: String) -> ClientSnapshot {
        var client = clients[clientID]!
        let now = self.now
        // Live sessions, and those that expired while live: a client sees them as `expired`.
        let listed = client.sessionIDs.compactMap { sessions[$0] }.filter {
            let status = $0.status(at: now, settings: settings.sessions)
            return status == .active || status == .pending || status == .expired
        }
        if let last = client.lastActiveSessionID, !(sessions[last].map(isLive) ?? false) {
            client.lastActiveSessionID = nil
        }
        let signIn = client.signInID.flatMap { signIns[$0] }
        let signUp = client.signUpID.flatMap { signUps[$0] }
        var involved: [String: UserRecord] = [:]
        for userID in listed.map(\.userID) + [signIn?.userID].compactMap({ $0 }) {
            involved[userID] = users[userID]
        }
        return ClientSnapshot(client: client, sessions: listed, users: involved, signIn: signIn, signUp: signUp, now: now)
    }

    /// Whether a session is live now: its status, lifetime and inactivity (`SessionRecord.status(at:settings:)`).
    func isLive(_ session: SessionRecord) -> Bool {
        session.isLive(at: now, settings: settings.sessions)
    }

    /// In single-session mode a client with a live session cannot start another sign-in or sign-up.
    func ensureNoLiveSession(_ client: ClientRecord) throws(FrontendError) {
        guard settings.singleSessionMode else { return }
        if let live = client.sessionIDs.compactMap({ sessions[$0] }).first(where: isLive) {
            var error = FrontendError(.sessionExists)
            error.sessionID = live.id
            throw error
        }
    }

    // MARK: Rate limits

    /// Counts the request against its client (or address) and, when it names one, its identifier and
    /// the account behind it: an account's email, phone and username share one budget, so switching
    /// identifiers does not buy more attempts.
    func admit(_ meta: RequestMeta, identifier: String? = nil, account: String? = nil) throws(FrontendError) {
        let clientKey = client(forToken: meta.token).map { "client:" + $0.id } ?? "address:" + meta.remoteAddress
        if let wait = rateLimiter.admit(clientKey, limit: settings.rateLimits.perClient, now: now) {
            throw .tooManyRequests(retryAfter: wait)
        }
        let identifierKey = identifier.map(Self.identifierKey) ?? ""
        if !identifierKey.isEmpty,
            let wait = rateLimiter.admit("identifier:" + identifierKey, limit: settings.rateLimits.perIdentifier, now: now)
        {
            throw .tooManyRequests(retryAfter: wait)
        }
        if let accountID = account ?? accountID(forIdentifierKey: identifierKey),
            let wait = rateLimiter.admit("account:" + accountID, limit: settings.rateLimits.perIdentifier, now: now)
        {
            throw .tooManyRequests(retryAfter: wait)
        }
    }

    private func accountID(forIdentifierKey key: String) -> String? {
        guard !key.isEmpty else { return nil }
        return userIDsByEmail[key] ?? userIDsByPhone[key] ?? userIDsByUsername[key]
    }

    private static func identifierKey(_ identifier: String) -> String {
        let trimmed = identifier.trimmingWhitespace()
        if IdentifierFormat.kind(of: trimmed) == .emailAddress { return IdentifierFormat.normalizedEmail(trimmed) }
        return IdentifierFormat.normalizedPhone(trimmed) ?? trimmed.lowercased()
    }

    // MARK: Users

    func user(withIdentifier identifier: String, kind: IdentifierKind) -> UserRecord? {
        let id: String? =
            switch kind {
            case .emailAddress: userIDsByEmail[identifier]
            case .phoneNumber: userIDsByPhone[identifier]
            case .username: userIDsByUsername[identifier.lowercased()]
            }
        return id.flatMap { users[$0] }
    }

    func store(_ user: UserRecord) {
        var user = user
        user.updatedAt = now
        if let previous = users[user.id] {
            for email in previous.emails where userIDsByEmail[email.address] == user.id { userIDsByEmail[email.address] = nil }
            for phone in previous.phones where userIDsByPhone[phone.number] == user.id { userIDsByPhone[phone.number] = nil }
            if let name = previous.username { userIDsByUsername[name.lowercased()] = nil }
        }
        users[user.id] = user
        index(user)
    }

    /// Makes the user findable by its identifiers. An address or number added on the account is an
    /// identifier only once verified.
    func index(_ user: UserRecord) {
        for email in user.emails where !email.awaitingVerification { userIDsByEmail[email.address] = user.id }
        for phone in user.phones where !phone.awaitingVerification { userIDsByPhone[phone.number] = user.id }
        if let name = user.username { userIDsByUsername[name.lowercased()] = user.id }
    }

    /// The user's lock, as the error to answer with, if the user is locked now.
    func lockError(for user: UserRecord) -> FrontendError? {
        user.lockout.remainingLock(now: now).map { FrontendError.userLocked(expiresIn: $0) }
    }

    /// Counts a failed secret attempt (password, code, authenticator, backup code) towards the
    /// account's lockout. Answers the lock if this attempt caused it and the answer may reveal that
    /// the account exists; otherwise the given error.
    func failedSecretAttempt(userID: String, error: FrontendError, revealsLock: Bool = true) -> FrontendError {
        guard var user = users[userID] else { return error }
        let lockedNow = user.lockout.recordFailure(now: now, settings: settings.lockout)
        store(user)
        if lockedNow, revealsLock, let lock = lockError(for: user) { return lock }
        return error
    }

    /// The answer to a code that did not verify; a wrong code actually compared (`counted`) also
    /// counts towards the account's lockout, as Clerk counts it.
    func failedCodeAttempt(_ outcome: CodeChallenge.Outcome, counted: Bool, userID: String?, revealsLock: Bool) -> FrontendError {
        let error = codeFailure(outcome)
        guard counted, let userID else { return error }
        return failedSecretAttempt(userID: userID, error: error, revealsLock: revealsLock)
    }

    // MARK: Sessions

    /// Creates the session a completed sign-in or sign-up yields and makes it the client's last
    /// active one; the client becomes trusted for the user.
    func startSession(
        for userID: String, on client: inout ClientRecord, strategy: Strategy?, firstFactorAt: Date, secondFactorAt: Date?
    ) -> SessionRecord {
        let now = self.now
        let user = users[userID]
        let tasks = user.map(sessionTasks(for:)) ?? []
        let session = SessionRecord(
            id: SecureRandom.identifier(prefix: "sess"), clientID: client.id, userID: userID,
            status: tasks.isEmpty ? .active : .pending, tasks: tasks,
            firstFactorVerifiedAt: firstFactorAt, secondFactorVerifiedAt: secondFactorAt, lastActiveAt: now,
            expireAt: now.addingTimeInterval(TimeInterval(settings.sessions.lifetimeSeconds)),
            abandonAt: now.addingTimeInterval(TimeInterval(settings.sessions.lifetimeSeconds) * 4),
            createdAt: now, updatedAt: now)
        sessions[session.id] = session
        client.sessionIDs.append(session.id)
        client.lastActiveSessionID = session.id
        client.lastAuthenticationStrategy = strategy
        client.trustedUserIDs.insert(userID)
        if var user {
            user.lastSignInAt = now
            store(user)
        }
        return session
    }

    // MARK: Codes

    /// Issues a code to a destination; test identifiers get 424242 and no message.
    func issueCode(to destination: String, channel: OutboxMessage.Channel, purpose: String, deliver: Bool) -> CodeChallenge {
        let fixed = settings.testMode && TestIdentifiers.isTest(destination) ? TestIdentifiers.fixedCode : nil
        let (challenge, code) = CodeChallenge.issue(to: destination, now: now, settings: settings.codes, fixedCode: fixed)
        if let code, deliver {
            let message = outbox.deliver(
                channel: channel, to: destination, purpose: purpose, code: code,
                applicationName: settings.applicationName,
                lifetimeMinutes: max(1, settings.codes.lifetimeSeconds / 60), now: now)
            deliveredInOperation?.insert(message.id)
        }
        return challenge
    }

    /// Refuses a new code while the previous one to the same verification is too recent.
    func checkResend(_ previous: VerificationRecord?, strategy: Strategy, factorID: String?) throws(FrontendError) {
        guard let previous, previous.strategy == strategy, previous.factorID == factorID,
            let challenge = previous.challenge, challenge.status(now: now) == .unverified,
            let wait = challenge.resendWait(now: now, settings: settings.codes)
        else { return }
        throw .codeTooManyRequests(retryAfter: wait)
    }

    /// The error for a code attempt that did not verify.
    func codeFailure(_ outcome: CodeChallenge.Outcome) -> FrontendError {
        switch outcome {
        case .failed: FrontendError(.verificationFailed)
        case .expired: FrontendError(.verificationExpired)
        case .alreadyVerified: FrontendError(.verificationAlreadyVerified)
        case .incorrect, .verified: .codeIncorrect()
        }
    }

    // MARK: Reset

    func reset() {
        users.clear()
        userIDsByEmail = [:]
        userIDsByPhone = [:]
        userIDsByUsername = [:]
        clients.clear()
        clientIDsByToken = [:]
        signIns.clear()
        signUps.clear()
        sessions.clear()
        rateLimiter.reset()
        outbox.clear()
        resetPending = storage.keepsState
    }
}

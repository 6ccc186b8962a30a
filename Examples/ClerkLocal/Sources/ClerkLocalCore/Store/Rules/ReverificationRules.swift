import ClerkAPI
import Foundation

/// The rules of session re-verification (`/v1/client/sessions/{id}/verify`): proving again who the
/// user is, at a level, before an action that needs a recent verification. Only the session's own
/// client may re-verify it, and only while it is active (not pending). A completed
/// re-verification renews the session's verification of the factors it checked
/// (`SessionRecord.firstFactorVerifiedAt`, `secondFactorVerifiedAt`), each kept apart.
package struct ReverificationRules: InstanceRules {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension ReverificationRules {
    private static let firstFactorCodes: [Strategy] = [.emailCode, .phoneCode]
    private static let levels: [SessionReverificationLevel] = [.firstFactor, .secondFactor, .multiFactor]

    // MARK: POST /v1/client/sessions/{id}/verify

    /// Starts a re-verification, replacing any earlier one. `second_factor` asks for a second
    /// factor, `multi_factor` for a first factor then a second; either falls back to a first factor
    /// alone when the user has no second factor.
    package mutating func startReverification(
        _ meta: RequestMeta, sessionID: String, level: SessionReverificationLevel
    ) throws(FrontendError) -> StoreAnswer<SessionRecord> {
        let subject = try reverifiable(meta, sessionID: sessionID)
        var session = subject.session
        guard Self.levels.contains(level) else { throw .invalidValue("level", level.rawValue) }
        let secondFactors = factorRules.secondFactors(for: subject.user)
        session.reverification = ReverificationRecord(
            level: level, status: level == .secondFactor && !secondFactors.isEmpty ? .needsSecondFactor : .needsFirstFactor,
            firstFactors: factorRules.reverificationFirstFactors(for: subject.user), secondFactors: secondFactors,
            firstFactor: nil, secondFactor: nil, createdAt: now)
        return commit(session, clientID: subject.clientID)
    }

    // MARK: First factor

    package mutating func prepareReverificationFirstFactor(
        _ meta: RequestMeta, sessionID: String, _ input: FactorPreparation
    ) throws(FrontendError) -> StoreAnswer<SessionRecord> {
        let subject = try reverifiable(meta, sessionID: sessionID)
        var session = subject.session
        var reverification = try awaiting(.needsFirstFactor, session, step: "prepare_first_factor")
        guard Self.firstFactorCodes.contains(input.strategy) else { throw refuseStrategy(input.strategy) }
        let factor = try SignInFactorRules.selectFactor(
            reverification.firstFactors, strategy: input.strategy, emailAddressID: input.emailAddressID, phoneNumberID: input.phoneNumberID)
        try checkResend(reverification.firstFactor, strategy: input.strategy, factorID: factor.identificationID)
        reverification.firstFactor = prepareCode(
            input.strategy, factor: factor, deliver: true, purpose: "reverification.\(input.strategy.rawValue)")
        session.reverification = reverification
        return commit(session, clientID: subject.clientID)
    }

    package mutating func attemptReverificationFirstFactorCode(
        _ meta: RequestMeta, sessionID: String, _ input: FirstFactorAttempt
    ) throws(FrontendError) -> StoreAnswer<SessionRecord> {
        let subject = try reverifiable(meta, sessionID: sessionID)
        var (session, user) = (subject.session, subject.user)
        var reverification = try awaiting(.needsFirstFactor, session, step: "attempt_first_factor")
        guard Self.firstFactorCodes.contains(input.strategy) else { throw refuseStrategy(input.strategy) }
        guard let code = input.code, !code.isEmpty else { throw .missing("code") }
        guard var verification = reverification.firstFactor, var challenge = verification.challenge else {
            throw FrontendError(.verificationMissing)
        }
        guard verification.strategy == input.strategy else { throw FrontendError(.verificationStrategyInvalid, paramName: "strategy") }
        if let lock = lockError(for: user) { throw lock }
        let attemptsBefore = challenge.attempts
        let outcome = challenge.attempt(code, now: now, settings: settings.codes)
        verification.challenge = challenge
        reverification.firstFactor = verification
        guard outcome == .verified else {
            session.reverification = reverification
            sessions[session.id] = session
            throw failedCodeAttempt(outcome, counted: challenge.attempts > attemptsBefore, userID: user.id, revealsLock: true)
        }
        firstFactorVerified(&reverification, session: &session)
        user.lockout.recordSuccess()
        store(user)
        return commit(session, clientID: subject.clientID)
    }

    /// What a password attempt is checked against, outside the store (bcrypt is slow).
    package mutating func planReverificationPassword(
        _ meta: RequestMeta, sessionID: String, _ input: FirstFactorAttempt
    ) throws(FrontendError) -> PasswordPlan {
        let (_, session, user) = try reverifiable(meta, sessionID: sessionID)
        let reverification = try awaiting(.needsFirstFactor, session, step: "attempt_first_factor")
        guard reverification.firstFactors.contains(where: { $0.strategy == .password }) else { throw .strategyInvalid() }
        guard let password = input.password, !password.isEmpty else { throw .missing("password") }
        if let lock = lockError(for: user) { throw lock }
        return PasswordPlan(userID: user.id, passwordHash: user.passwordHash)
    }

    /// Applies a password check: a wrong password, or one changed since the plan, counts towards
    /// lockout and changes nothing else.
    package mutating func completeReverificationPassword(
        _ meta: RequestMeta, sessionID: String, plan: PasswordPlan, check: PasswordCheck
    ) throws(FrontendError) -> StoreAnswer<SessionRecord> {
        let subject = try reverifiable(meta, sessionID: sessionID, admitted: true)
        var (session, user) = (subject.session, subject.user)
        var reverification = try awaiting(.needsFirstFactor, session, step: "attempt_first_factor")
        guard user.id == plan.userID, check.matched, user.passwordHash != nil, user.passwordHash == plan.passwordHash else {
            throw failedSecretAttempt(userID: user.id, error: .passwordIncorrect())
        }
        if let lock = lockError(for: user) { throw lock }
        if let rehashed = check.rehashed { user.passwordHash = rehashed }
        user.lockout.recordSuccess()
        store(user)
        reverification.firstFactor = .verified(.password)
        firstFactorVerified(&reverification, session: &session)
        return commit(session, clientID: subject.clientID)
    }

    // MARK: Second factor

    package mutating func prepareReverificationSecondFactor(
        _ meta: RequestMeta, sessionID: String, _ input: FactorPreparation
    ) throws(FrontendError) -> StoreAnswer<SessionRecord> {
        let subject = try reverifiable(meta, sessionID: sessionID)
        var session = subject.session
        var reverification = try awaiting(.needsSecondFactor, session, step: "prepare_second_factor")
        guard input.strategy == .phoneCode else { throw refuseStrategy(input.strategy) }
        let factor = try SignInFactorRules.selectFactor(
            reverification.secondFactors, strategy: .phoneCode, emailAddressID: nil, phoneNumberID: input.phoneNumberID)
        try checkResend(reverification.secondFactor, strategy: .phoneCode, factorID: factor.identificationID)
        reverification.secondFactor = prepareCode(.phoneCode, factor: factor, deliver: true, purpose: "reverification.second_factor.phone_code")
        session.reverification = reverification
        return commit(session, clientID: subject.clientID)
    }

    package mutating func attemptReverificationSecondFactor(
        _ meta: RequestMeta, sessionID: String, _ input: SecondFactorAttempt
    ) throws(FrontendError) -> StoreAnswer<SessionRecord> {
        let subject = try reverifiable(meta, sessionID: sessionID)
        var (session, user) = (subject.session, subject.user)
        var reverification = try awaiting(.needsSecondFactor, session, step: "attempt_second_factor")
        guard reverification.secondFactors.contains(where: { $0.strategy == input.strategy }) else { throw refuseStrategy(input.strategy) }
        guard !input.code.isEmpty else { throw .missing("code") }
        if let lock = lockError(for: user) { throw lock }
        do {
            try checkSecondFactor(input.strategy, code: input.code, verification: &reverification.secondFactor, user: &user)
        } catch {
            // A sent code's counted attempt is kept.
            session.reverification = reverification
            sessions[session.id] = session
            throw error
        }
        user.lockout.recordSuccess()
        store(user)
        reverification.status = .complete
        session.secondFactorVerifiedAt = now
        if let firstFactorAt = reverification.firstFactorVerifiedAt { session.firstFactorVerifiedAt = firstFactorAt }
        session.updatedAt = now
        session.reverification = reverification
        return commit(session, clientID: subject.clientID)
    }

    // MARK: Helpers

    /// The caller's own live, active session and its user, the request counted against the rate
    /// limits (unless `admitted` already). Another client's session does not exist for the caller.
    private mutating func reverifiable(
        _ meta: RequestMeta, sessionID: String, admitted: Bool = false
    ) throws(FrontendError) -> (clientID: String, session: SessionRecord, user: UserRecord) {
        let (client, session) = try liveSession(meta, id: sessionID)
        guard let user = users[session.userID] else { throw .signedOut() }
        try requireNotPending(session, action: "verify")
        if !admitted { try admit(meta, account: user.id) }
        return (client.id, session, user)
    }

    /// The session's re-verification, if it waits for the factor `status` names.
    private func awaiting(
        _ status: SessionReverificationStatus, _ session: SessionRecord, step: String
    ) throws(FrontendError) -> ReverificationRecord {
        guard let reverification = session.reverification else { throw FrontendError(.sessionReverificationMissing) }
        guard reverification.status == status else {
            let factor = status == .needsFirstFactor ? "a first factor" : "a second factor"
            throw FrontendError(
                .invalidActionForSessionReverification,
                longMessage: "We were unable to \(step) for this session, as it's not ready for \(factor).")
        }
        return reverification
    }

    /// After the first factor: the second one for `multi_factor` when the user has one, otherwise done.
    /// A `multi_factor` re-verification counts for the session only once complete: until its second factor,
    /// the first factor's time waits on the record.
    private func firstFactorVerified(_ reverification: inout ReverificationRecord, session: inout SessionRecord) {
        let needsSecond = reverification.level == .multiFactor && !reverification.secondFactors.isEmpty
        reverification.status = needsSecond ? .needsSecondFactor : .complete
        if needsSecond {
            reverification.firstFactorVerifiedAt = now
        } else {
            session.firstFactorVerifiedAt = now
        }
        session.updatedAt = now
        session.reverification = reverification
    }

    private mutating func commit(_ session: SessionRecord, clientID: String) -> StoreAnswer<SessionRecord> {
        sessions[session.id] = session
        return StoreAnswer(resource: session, snapshot: snapshot(of: clientID))
    }
}

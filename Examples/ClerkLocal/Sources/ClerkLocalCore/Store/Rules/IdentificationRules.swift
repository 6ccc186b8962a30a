/// An email address or a phone number added on the account, verified by a code.
package protocol AccountIdentification: Sendable {
    var challenge: CodeChallenge? { get set }
    var verified: Bool { get set }
    var awaitingVerification: Bool { get set }
}

/// The rules of the account's email addresses and phone numbers (`/v1/me/email_addresses`, `/v1/me/phone_numbers`).
package struct IdentificationRules: AccountAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension EmailRecord: AccountIdentification {}
extension PhoneRecord: AccountIdentification {}

/// What email addresses and phone numbers of the account share: verifying one with the code sent
/// to it, and whether one may be deleted.
extension IdentificationRules {
    package static let maxUnverifiedIdentifications = 5

    package mutating func ensureRoomForUnverified(_ user: UserRecord) throws(FrontendError) {
        let unverified = user.emails.filter(\.awaitingVerification).count + user.phones.filter(\.awaitingVerification).count
        if unverified >= Self.maxUnverifiedIdentifications { throw FrontendError(.tooManyUnverifiedIdentifications) }
    }

    /// Refuses a new code while the last one is too recent.
    package mutating func checkResend(_ challenge: CodeChallenge?) throws(FrontendError) {
        guard let challenge, challenge.status(now: now) == .unverified,
            let wait = challenge.resendWait(now: now, settings: settings.codes)
        else { return }
        throw .codeTooManyRequests(retryAfter: wait)
    }

    /// Sends a new code to an identification not verified yet and stores it on the user (`replace`
    /// puts it there).
    package mutating func sendCode<Identification: AccountIdentification>(
        to identification: Identification, at destination: String, channel: OutboxMessage.Channel, purpose: String,
        user: inout UserRecord, replace: (inout UserRecord, Identification) -> Void
    ) throws(FrontendError) -> Identification {
        guard !identification.verified else { throw FrontendError(.verificationAlreadyVerified) }
        try checkResend(identification.challenge)
        var prepared = identification
        prepared.challenge = issueCode(to: destination, channel: channel, purpose: purpose, deliver: true)
        replace(&user, prepared)
        store(user)
        return prepared
    }

    /// Checks `code` against the identification's challenge; once it verifies, the identification
    /// is verified (an identifier from then on) and the user stored. `replace` puts it on the user.
    package mutating func verify<Identification: AccountIdentification>(
        _ identification: Identification, code: String, user: inout UserRecord,
        replace: (inout UserRecord, Identification) -> Void
    ) throws(FrontendError) -> Identification {
        var verified = identification
        verified.challenge = try attemptCode(code, challenge: verified.challenge, user: &user) { user, challenge in
            verified.challenge = challenge
            replace(&user, verified)
        }
        verified.verified = true
        verified.awaitingVerification = false
        replace(&user, verified)
        store(user)
        return verified
    }

    /// Checks a code against an identification's challenge. A failed attempt is stored (through
    /// `keep`, which puts the challenge back on the user) and counts towards lockout.
    private mutating func attemptCode(
        _ code: String, challenge: CodeChallenge?, user: inout UserRecord,
        keep: (inout UserRecord, CodeChallenge) -> Void
    ) throws(FrontendError) -> CodeChallenge {
        guard !code.isEmpty else { throw .missing("code") }
        if let lock = lockError(for: user) { throw lock }
        guard var challenge else { throw FrontendError(.verificationNotSent) }
        let attemptsBefore = challenge.attempts
        let outcome = challenge.attempt(code, now: now, settings: settings.codes)
        guard outcome == .verified else {
            keep(&user, challenge)
            store(user)
            throw failedCodeAttempt(outcome, counted: challenge.attempts > attemptsBefore, userID: user.id, revealsLock: true)
        }
        user.lockout.recordSuccess()
        return challenge
    }

    /// Refuses to delete the account's last identifier, or the last verified one of a kind the
    /// instance requires (`kind` names it in the message). One still awaiting verification may go.
    package func ensureMayDelete<Identification: AccountIdentification>(
        _ identification: Identification, among all: [Identification], required: Bool, of user: UserRecord, named kind: String
    ) throws(FrontendError) {
        guard !identification.awaitingVerification else { return }
        let verified = all.filter { $0.verified && !$0.awaitingVerification }
        if user.identifiers.count == 1 || (required && verified.count == 1 && identification.verified) {
            throw FrontendError(
                .lastRequiredIdentificationDeletionFailed,
                longMessage: "You are required to maintain at least one \(kind) in your account at all times")
        }
    }
}

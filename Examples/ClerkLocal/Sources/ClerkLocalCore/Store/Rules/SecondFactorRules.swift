import ClerkAPI
import Foundation

/// The rules of the account's second factors: the authenticator app and backup codes.
package struct SecondFactorRules: AccountAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// An authenticator-app enrolment as an answer shows it: the secret only while it is unverified,
/// backup codes only when verifying it generated them.
package struct TOTPEnrollment: Sendable {
    package var id: String
    package var secret: String?
    package var uri: String?
    package var verified: Bool
    package var backupCodes: [String]?
    package var createdAt: Date
    package var updatedAt: Date
}

/// A new set of backup codes, shown once.
package struct IssuedBackupCodes: Sendable {
    package var id: String
    package var codes: [String]
    package var createdAt: Date
}

/// What a delete answers: the kind and id of what is gone.
package struct DeletedRecord: Sendable {
    package var id: String
    package var object: String
}

/// `/v1/me/totp` and `/v1/me/backup_codes`.
extension SecondFactorRules {
    // MARK: POST /v1/me/totp

    /// A new secret, pending until a code from it verifies it; a pending one is replaced, an
    /// active one refuses (`totp_already_enabled`).
    package mutating func createTOTP(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<TOTPEnrollment> {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.setupMFA])
        try requireRecentVerification(context)
        guard settings.mfa.authenticatorApp else { throw FrontendError(.featureNotEnabled) }
        var user = context.user
        guard !user.hasTOTP else { throw FrontendError(.totpAlreadyEnabled) }
        let totp = TOTP(base32Secret: TOTP.generateSecret())!
        let pending = PendingTOTP(id: SecureRandom.identifier(prefix: "totp"), secret: totp.base32Secret, createdAt: now)
        user.pendingTOTP = pending
        store(user)
        let enrollment = TOTPEnrollment(
            id: pending.id, secret: pending.secret,
            uri: totp.provisioningURI(account: user.displayIdentifier, issuer: settings.applicationName),
            verified: false, createdAt: now, updatedAt: now)
        return accountAnswer(enrollment, context)
    }

    // MARK: POST /v1/me/totp/attempt_verification

    /// A code of the pending secret turns the authenticator app on; a wrong or replayed code
    /// counts towards lockout and changes nothing else.
    package mutating func verifyTOTP(_ meta: RequestMeta, sessionID: String?, code: String?) throws(FrontendError) -> StoreAnswer<TOTPEnrollment> {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.setupMFA])
        guard let code, !code.isEmpty else { throw .missing("code") }
        var user = context.user
        if let lock = lockError(for: user) { throw lock }
        guard let pending = user.pendingTOTP else {
            throw user.hasTOTP ? FrontendError(.totpAlreadyEnabled) : FrontendError(.verificationMissing)
        }
        guard let totp = TOTP(base32Secret: pending.secret), let step = totp.matchingStep(for: code, at: now),
            step > (user.lastTOTPStep ?? .min)
        else {
            throw failedSecretAttempt(userID: user.id, error: .codeIncorrect())
        }
        let firstFactor = !hasSecondFactor(user)
        user.totpSecret = pending.secret
        user.totpID = pending.id
        user.totpEnabledAt = now
        user.lastTOTPStep = step
        user.pendingTOTP = nil
        user.lockout.recordSuccess()
        let backupCodes = firstFactor ? issueFirstBackupCodes(&user) : nil
        if user.mfaEnabledAt == nil { user.mfaEnabledAt = now }
        store(user)
        // The code proved the new second factor: the session's second-factor verification is now.
        if var session = sessions[context.session.id] {
            session.secondFactorVerifiedAt = now
            sessions[session.id] = session
        }
        resolveTask(.setupMFA, userID: user.id)
        let enrollment = TOTPEnrollment(
            id: pending.id, verified: true, backupCodes: backupCodes, createdAt: pending.createdAt, updatedAt: now)
        return accountAnswer(enrollment, context)
    }

    // MARK: DELETE /v1/me/totp

    package mutating func deleteTOTP(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        var user = context.user
        guard user.hasTOTP || user.pendingTOTP != nil else { throw .notFound("ResourceNotFound") }
        // A secret seeded or imported without an id still goes; the answer names it by a fresh one.
        let id = user.totpID ?? user.pendingTOTP?.id ?? SecureRandom.identifier(prefix: "totp")
        if user.hasTOTP, mfaRequired, user.secondFactorPhone == nil { throw FrontendError(.secondFactorDeletionNotAllowed) }
        user.totpSecret = nil
        user.totpID = nil
        user.totpEnabledAt = nil
        user.pendingTOTP = nil
        dropBackupCodesWithoutSecondFactor(&user)
        store(user)
        return accountAnswer(DeletedRecord(id: id, object: "totp"), context)
    }

    // MARK: POST /v1/me/backup_codes

    /// A new set of ten; the previous set stops working.
    package mutating func createBackupCodes(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<IssuedBackupCodes> {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.setupMFA])
        try requireRecentVerification(context)
        guard settings.mfa.backupCodes else { throw FrontendError(.featureNotEnabled) }
        var user = context.user
        guard hasSecondFactor(user) else { throw FrontendError(.backupCodesNotAvailable) }
        let (set, codes) = BackupCodeSet.generate()
        user.backupCodes = set
        store(user)
        return accountAnswer(IssuedBackupCodes(id: SecureRandom.identifier(prefix: "bcode"), codes: codes, createdAt: now), context)
    }

    // MARK: Shared
}

/// What the second factors and the phone numbers reserved for one share.
extension AccountAggregate {
    /// Backup codes come with the first second factor, when the instance offers them and the user
    /// has none left.
    package mutating func issueFirstBackupCodes(_ user: inout UserRecord) -> [String]? {
        guard settings.mfa.backupCodes, !user.hasBackupCodes else { return nil }
        let (set, codes) = BackupCodeSet.generate()
        user.backupCodes = set
        return codes
    }

    /// Backup codes only stand beside another second factor: with the last one gone, so are they.
    package mutating func dropBackupCodesWithoutSecondFactor(_ user: inout UserRecord) {
        guard !hasSecondFactor(user) else { return }
        user.backupCodes = nil
        user.mfaEnabledAt = nil
    }

    /// Whether the user's last second factor may go: not while the instance requires MFA.
    package mutating func ensureSecondFactorMayGo(_ user: UserRecord, removing phoneID: String) throws(FrontendError) {
        guard mfaRequired else { return }
        let others = user.hasTOTP || user.phones.contains { $0.reservedForSecondFactor && $0.id != phoneID }
        if !others { throw FrontendError(.secondFactorDeletionNotAllowed) }
    }
}

import ClerkAPI
import Foundation

/// The rules of sign-ins: starting one (with an identifier, a ticket or a transfer), its first factor by code,
/// email link or password, and password reset. The second factor, passkeys and identity providers have
/// rules of their own (`SignInSecondFactorRules`, `PasskeySignInRules`, `ExternalSignInRules`).
package struct SignInRules: SignInAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// What the store hands out for a password check done outside it (bcrypt is slow): the account
/// and the hash it had, so the result is applied only if the hash has not changed since.
package struct PasswordPlan: Sendable {
    package var userID: String?
    package var passwordHash: String?
}

extension SignInRules {
    private static let codeStrategies: [Strategy] = [.emailCode, .phoneCode, .resetPasswordEmailCode, .resetPasswordPhoneCode]

    // MARK: POST /v1/client/sign_ins without a password

    package mutating func createSignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try admit(meta, identifier: input.identifier)
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        if input.transfer == true { return try transferFromSignUp(&client, locale: input.locale) }
        let strategy = input.strategy
        // A code strategy here sends the first code with the same request (a reset-password code
        // too); email_link sends the link.
        if let strategy, !Self.codeStrategies.contains(strategy), strategy != .emailLink { throw refuseStrategy(strategy) }
        let signUpIfMissing = input.signUpIfMissing ?? false

        guard let raw = input.identifier, !raw.trimmingWhitespace().isEmpty else {
            if strategy != nil || signUpIfMissing { throw .missing("identifier") }
            let signIn = newSignIn(client: client, identifier: nil, userID: nil, concealed: false, locale: input.locale, status: .needsIdentifier)
            return commit(signIn, client: &client)
        }
        let identifier = try factorRules.parseIdentifier(raw)
        if signUpIfMissing { try checkSignUpIfMissing(identifier, strategy: strategy) }
        let user = self.user(withIdentifier: identifier.value, kind: identifier.kind)
        if let user { try ensureNotSignedIn(user.id, on: client) }
        let concealed = signUpIfMissing || settings.enumerationProtection
        if user == nil, !concealed { throw .identifierNotFound() }
        // A concealed sign-in reveals a lock only once the code proves the caller owns the identifier.
        if let user, !concealed, let lock = lockError(for: user) { throw lock }

        var signIn = newSignIn(client: client, identifier: identifier, userID: user?.id, concealed: concealed, locale: input.locale)
        signIn.signUpIfMissing = signUpIfMissing
        if let user, !concealed {
            signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
            if settings.clientTrust { signIn.clientTrustState = client.trustedUserIDs.contains(user.id) ? .known : .new }
        } else {
            signIn.firstFactors = factorRules.concealedFirstFactors(for: identifier, signUpIfMissing: signUpIfMissing)
        }
        if let strategy {
            guard let factor = signIn.firstFactors.first(where: { $0.strategy == strategy }) else { throw .strategyInvalid() }
            signIn.firstFactor = try prepare(
                strategy, factor: factor, redirectURL: input.redirectURL, deliver: user != nil || signUpIfMissing,
                purpose: "sign_in.\(strategy.rawValue)")
        }
        return commit(signIn, client: &client)
    }

    private mutating func checkSignUpIfMissing(_ identifier: ParsedIdentifier, strategy: Strategy?) throws(FrontendError) {
        guard identifier.kind != .username else {
            throw FrontendError(
                .signUpIfMissingNotAllowed, variant: "SignUpIfMissingIdentifierNotSupported", paramName: "identifier",
                longMessage: "The username identifier cannot be used with sign_up_if_missing, because verification is not possible.")
        }
        guard settings.signUpMode == .public else {
            throw FrontendError(
                .signUpIfMissingNotAllowed, variant: "SignUpIfMissingNotAllowed",
                longMessage: "The sign_up_if_missing option cannot be used: sign-ups are not public.")
        }
        let matching: [Strategy] = identifier.kind == .emailAddress ? [.emailCode, .emailLink] : [.phoneCode]
        if let strategy, !matching.contains(strategy) {
            throw FrontendError(.signUpIfMissingStrategyNotSupported, variant: "SignUpIfMissingStrategyMismatch", paramName: "strategy")
        }
    }

    // MARK: POST /v1/client/sign_ins with a password (one request)

    package mutating func planPasswordSignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> PasswordPlan {
        try admit(meta, identifier: input.identifier)
        let client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        if input.transfer == true { throw FrontendError(.accountTransferInvalid) }
        if input.signUpIfMissing == true {
            throw FrontendError(
                .signUpIfMissingStrategyNotSupported, variant: "SignUpIfMissingStrategyNotSupported", paramName: "strategy",
                longMessage: "The password strategy cannot be used with the sign_up_if_missing option because it cannot verify a new account.")
        }
        guard let raw = input.identifier, !raw.trimmingWhitespace().isEmpty else { throw .missing("identifier") }
        guard let password = input.password, !password.isEmpty else { throw .missing("password") }
        guard settings.password.enabled else { throw .strategyInvalid("password") }
        let identifier = try factorRules.parseIdentifier(raw)
        let user = self.user(withIdentifier: identifier.value, kind: identifier.kind)
        guard let user else {
            if settings.enumerationProtection { return PasswordPlan(userID: nil, passwordHash: nil) }
            throw .identifierNotFound()
        }
        try ensureNotSignedIn(user.id, on: client)
        // With enumeration protection a lock shows only to the right password (`passwordChecked`).
        if !settings.enumerationProtection, let lock = lockError(for: user) { throw lock }
        if user.passwordHash == nil, !settings.enumerationProtection { throw .strategyInvalid("password") }
        return PasswordPlan(userID: user.id, passwordHash: user.passwordHash)
    }

    package mutating func completePasswordSignIn(
        _ meta: RequestMeta, _ input: SignInStart, plan: PasswordPlan, check: PasswordCheck
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        let identifier = try factorRules.parseIdentifier(input.identifier ?? "")
        var user = try passwordChecked(plan: plan, check: check, concealed: settings.enumerationProtection)
        try ensureNotSignedIn(user.id, on: client)
        user.lockout.recordSuccess()
        store(user)
        var signIn = newSignIn(client: client, identifier: identifier, userID: user.id, concealed: false, locale: input.locale)
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        signIn.firstFactor = .verified(.password)
        signIn.firstFactorVerifiedAt = now
        advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: true)
        return commit(signIn, client: &client)
    }

    /// The account a password check was for, if the check passed and the password is still the one
    /// checked (its digest replaced by one at the instance's cost if the check made one); otherwise
    /// the attempt counts towards lockout and the answer is an incorrect password (or the lock it
    /// caused, unless the sign-in conceals whether the account exists).
    private mutating func passwordChecked(plan: PasswordPlan, check: PasswordCheck, concealed: Bool) throws(FrontendError) -> UserRecord {
        guard let userID = plan.userID, var user = users[userID] else {
            // An existing account's failure waits for its lockout count to be durable; so does this one.
            state.paddingWritePending = operation.keepsState
            throw .passwordIncorrect()
        }
        guard check.matched, user.passwordHash != nil, user.passwordHash == plan.passwordHash else {
            throw failedSecretAttempt(userID: userID, error: .passwordIncorrect(), revealsLock: !concealed)
        }
        if let lock = lockError(for: user) { throw lock }
        if let rehashed = check.rehashed { user.passwordHash = rehashed }
        return user
    }

    // MARK: GET /v1/client/sign_ins/{id}

    package mutating func readSignIn(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        let (client, signIn) = try signIn(meta, id: id, forUpdate: false)
        return StoreAnswer(resource: signIn, snapshot: snapshot(of: client.id))
    }

    // MARK: First factor

    package mutating func prepareFirstFactor(
        _ meta: RequestMeta, id: String, _ input: FactorPreparation
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingFirstFactor(meta, id: id, step: "prepare_first_factor")
        guard Self.codeStrategies.contains(input.strategy) || input.strategy == .emailLink else { throw refuseStrategy(input.strategy) }
        let codeChallenge = try nativeLinkChallenge(strategy: input.strategy, challenge: input.codeChallenge, method: input.codeChallengeMethod)
        let factor = try SignInFactorRules.selectFactor(
            signIn.firstFactors, strategy: input.strategy, emailAddressID: input.emailAddressID, phoneNumberID: input.phoneNumberID)
        try checkResend(signIn.firstFactor, strategy: input.strategy, factorID: factor.identificationID)
        signIn.firstFactor = try prepare(
            input.strategy, factor: factor, redirectURL: input.redirectURL, deliver: signIn.userID != nil || signIn.signUpIfMissing,
            purpose: "sign_in.\(input.strategy.rawValue)")
        signIn.firstFactor?.link?.codeChallenge = codeChallenge
        return commit(signIn, client: &client)
    }

    package mutating func attemptFirstFactorCode(
        _ meta: RequestMeta, id: String, _ input: FirstFactorAttempt
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingFirstFactor(meta, id: id, step: "attempt_first_factor")
        guard Self.codeStrategies.contains(input.strategy) else { throw refuseStrategy(input.strategy) }
        guard let code = input.code, !code.isEmpty else { throw .missing("code") }
        guard var verification = signIn.firstFactor, var challenge = verification.challenge else {
            throw FrontendError(.verificationMissing)
        }
        guard verification.strategy == input.strategy else { throw FrontendError(.verificationStrategyInvalid, paramName: "strategy") }
        if !signIn.concealed, let user = signIn.userID.flatMap({ users[$0] }), let lock = lockError(for: user) { throw lock }

        let attemptsBefore = challenge.attempts
        let outcome = challenge.attempt(code, now: now, settings: settings.codes)
        verification.challenge = challenge
        signIn.firstFactor = verification
        guard outcome == .verified else {
            signIns[signIn.id] = signIn
            throw failedCodeAttempt(
                outcome, counted: challenge.attempts > attemptsBefore, userID: signIn.userID, revealsLock: !signIn.concealed)
        }
        if let user = signIn.userID.flatMap({ users[$0] }), let lock = lockError(for: user) { throw lock }
        signIn.firstFactorVerifiedAt = now
        guard let userID = signIn.userID, let user = users[userID] else {
            signIns[signIn.id] = signIn
            guard signIn.signUpIfMissing else { throw .identifierNotFound() }
            // The identifier is now proven: the sign-in hands it over to a sign-up.
            signIn.firstFactor?.fixedStatus = .transferable
            _ = commit(signIn, client: &client)
            var error = FrontendError(.signUpIfMissingTransfer)
            error.client = snapshot(of: client.id)
            throw error
        }
        signIn.concealed = false
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        if input.strategy == .resetPasswordEmailCode || input.strategy == .resetPasswordPhoneCode {
            signIn.status = .needsNewPassword
        } else {
            advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: false)
        }
        return commit(signIn, client: &client)
    }

    package mutating func planFirstFactorPassword(
        _ meta: RequestMeta, id: String, _ input: FirstFactorAttempt
    ) throws(FrontendError) -> PasswordPlan {
        let (_, signIn) = try signIn(meta, id: id, forUpdate: true)
        try admit(meta, identifier: signIn.identifier, account: signIn.userID)
        guard signIn.status == .needsFirstFactor else {
            throw .clientState("attempt_first_factor", "The sign-in is not waiting for a first factor.")
        }
        guard signIn.firstFactors.contains(where: { $0.strategy == .password }) else { throw .strategyInvalid() }
        guard let password = input.password, !password.isEmpty else { throw .missing("password") }
        guard let user = signIn.userID.flatMap({ users[$0] }) else { return PasswordPlan(userID: nil, passwordHash: nil) }
        if !signIn.concealed, let lock = lockError(for: user) { throw lock }
        return PasswordPlan(userID: user.id, passwordHash: user.passwordHash)
    }

    package mutating func completeFirstFactorPassword(
        _ meta: RequestMeta, id: String, plan: PasswordPlan, check: PasswordCheck
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signIn(meta, id: id, forUpdate: true)
        guard signIn.status == .needsFirstFactor else {
            throw .clientState("attempt_first_factor", "The sign-in is not waiting for a first factor.")
        }
        var user = try passwordChecked(plan: plan, check: check, concealed: signIn.concealed)
        user.lockout.recordSuccess()
        store(user)
        signIn.concealed = false
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        signIn.firstFactor = .verified(.password)
        signIn.firstFactorVerifiedAt = now
        advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: true)
        return commit(signIn, client: &client)
    }

    // MARK: Reset password

    /// The account's identifiers, which a new password may not equal.
    package mutating func planPasswordReset(_ meta: RequestMeta, id: String) throws(FrontendError) -> [String] {
        let (_, signIn) = try signIn(meta, id: id, forUpdate: true)
        try admit(meta, identifier: signIn.identifier, account: signIn.userID)
        guard signIn.status == .needsNewPassword, let user = signIn.userID.flatMap({ users[$0] }) else {
            throw .clientState("reset_password", "The sign-in has not verified a reset-password code.")
        }
        return user.identifiers
    }

    package mutating func completePasswordReset(
        _ meta: RequestMeta, id: String, passwordHash: String, signOutOfOtherSessions: Bool
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signIn(meta, id: id, forUpdate: true)
        guard signIn.status == .needsNewPassword, let userID = signIn.userID, var user = users[userID] else {
            throw .clientState("reset_password", "The sign-in has not verified a reset-password code.")
        }
        user.passwordHash = passwordHash
        user.passwordUpdatedAt = now
        user.passwordCompromised = false
        user.lockout.recordSuccess()
        store(user)
        if signOutOfOtherSessions {
            endSessions { $0.userID == userID }
        }
        client = clients[client.id] ?? client
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: false)
        return commit(signIn, client: &client)
    }
}

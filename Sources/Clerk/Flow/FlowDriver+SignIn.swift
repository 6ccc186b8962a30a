import Foundation

extension FlowDriver {
    /// Signs in: asks the identifier (unless given), starts the sign-in with `strategy` (or the
    /// first registered strategy that can start one), then drives it to a session.
    /// - Throws: `ClerkError.flow(.noApplicableStrategy)` when no registered strategy can start.
    public func signIn(identifier: String? = nil, strategy: Strategy? = nil) async throws(ClerkError) -> ActiveSession {
        let starter = try startingStrategy(strategy)
        try await client.ensureOffered(starter.strategy, by: client.knownEnvironment)
        var given = identifier
        return try await sessionAttempts { (driver, _) async throws(ClerkError) -> Outcome in
            let chosen = try await driver.identifier(given: &given, for: starter.strategy)
            try starter.validate(identifier: chosen)
            switch try await driver.start(with: starter, identifier: chosen) {
            case .startOver: return .startOver
            case .transfer: return .finished(try await driver.transfer())
            case .next(let handle): return try await driver.driveSignIn(handle, preferred: starter, identifier: chosen)
            }
        }
    }

    /// Drives an existing sign-in from its current status to a session.
    public func drive(_ signIn: SignInHandle) async throws(ClerkError) -> ActiveSession {
        try await sessionAttempts { (driver, number) async throws(ClerkError) -> Outcome in
            number == 1
                ? try await driver.driveSignIn(signIn, preferred: nil, identifier: signIn.identifier)
                : .finished(try await driver.signIn())
        }
    }

    private func startingStrategy(_ wanted: Strategy?) throws(ClerkError) -> any FactorStrategy {
        let starters = registry.strategies(for: .firstFactor).filter { $0.capabilities.contains(.startsSignIn) }
        if let wanted {
            if let match = starters.first(where: { $0.strategy == wanted }) { return match }
        } else if let first = starters.first {
            return first
        }
        throw .flow(.noApplicableStrategy(stage: .firstFactor, supported: wanted.map { [$0] } ?? []))
    }

    /// Creates the sign-in as `strategy` starts it (see `FactorStrategy.start(_:)`).
    private func start(with strategy: any FactorStrategy, identifier: String) async throws(ClerkError) -> Step<SignInHandle> {
        try await strategy.start(SignInStartContext(identifier: identifier, strategy: strategy, driver: self))
    }

    func driveSignIn(
        _ start: SignInHandle, preferred: (any FactorStrategy)?, identifier: String?, signOutOfOtherSessions: Bool? = nil
    ) async throws(ClerkError) -> Outcome {
        var handle = start
        while true {
            onEvent(.signInStatus(handle.status))
            let step: Step<SignInHandle>
            switch handle.status {
            case .complete:
                return try await settle(try await resendingIfNotApplied { () async throws(ClerkError) in try await handle.finalize() })
            case .needsIdentifier where handle.isTransferable:
                // An identity token for an identifier with no account: a sign-up.
                step = .transfer
            case .needsFirstFactor:
                if handle.isTransferable {
                    step = .transfer
                } else {
                    step = try await firstFactor(handle, preferred: preferred, identifier: identifier)
                }
            case .needsSecondFactor:
                step = try await secondFactor(handle, stage: .secondFactor, identifier: identifier)
            case .needsClientTrust:
                step = try await secondFactor(handle, stage: .clientTrust, identifier: identifier)
            case .needsNewPassword:
                step = try await newPassword(handle, signOutOfOtherSessions: signOutOfOtherSessions ?? self.signOutOfOtherSessions)
            default:
                throw .flow(.unsupportedStatus(handle.status.rawValue))
            }
            switch step {
            case .next(let next): handle = next
            case .startOver: return .startOver
            case .transfer: return .finished(try await transfer())
            }
        }
    }

    private func firstFactor(_ handle: SignInHandle, preferred: (any FactorStrategy)?, identifier: String?) async throws(ClerkError) -> Step<SignInHandle> {
        let factors = handle.supportedFirstFactors
        let verification = handle.firstFactorVerification
        let prepared = verification.flatMap { v in
            v.status == .unverified && v.nextAction != .needsPrepare ? v.strategy : nil
        }
        // Prefer the strategy already prepared (one-request starts), then the one we started
        // with, then the registered ones in order.
        var candidates: [(strategy: any FactorStrategy, factor: SignInFactor?)] = []
        if let prepared, let strategy = registry.strategy(prepared, for: .firstFactor) {
            candidates.append((strategy, strategy.selectFactor(from: factors, identifier: identifier)))
        }
        if let preferred, let factor = preferred.selectFactor(from: factors, identifier: identifier) {
            candidates.append((preferred, factor))
        }
        candidates += registry.applicable(at: .firstFactor, among: factors, identifier: identifier).map { ($0.strategy, Optional($0.factor)) }
        guard let (strategy, factor) = candidates.first else {
            throw .flow(.noApplicableStrategy(stage: .firstFactor, supported: factors.map(\.strategy)))
        }
        let attempt = { (secret: SecretString) async throws(ClerkError) -> Step<SignInHandle> in
            do throws(ClerkError) {
                return .next(try await handle.attemptFirstFactor(strategy.attemptFirstFactor(secret)))
            } catch  where strategy.capabilities.contains(.transfersMissingAccount) && error.hasCode(.signUpIfMissingTransfer) {
                return .transfer
            }
        }
        let sendsCode = strategy.capabilities.contains(.sendsCode)
        let sendCode: () async throws(ClerkError) -> Void = {
            let body = factor.map(strategy.prepareFirstFactor) ?? PrepareSignInFirstFactorRequest.Body(strategy: strategy.strategy)
            _ = try await resendingIfNotApplied { () async throws(ClerkError) in try await handle.prepareFirstFactor(body) }
        }
        if sendsCode && prepared != strategy.strategy {
            try await sendCode()
        }
        return try await strategy.verify(
            step(
                on: handle, stage: .firstFactor, strategy: strategy, sentTo: sendsCode ? factor?.safeIdentifier ?? handle.identifier : nil,
                resend: sendsCode ? sendCode : nil, attempt: attempt))
    }

    /// A second factor or client trust: both go through prepare/attempt_second_factor.
    private func secondFactor(_ handle: SignInHandle, stage: FactorStage, identifier: String?) async throws(ClerkError) -> Step<SignInHandle> {
        let factors = handle.supportedSecondFactors
        let options = registry.applicable(at: stage, among: factors, identifier: identifier)
        guard let chosen = try await choose(among: options, at: stage, supported: factors) else { return .startOver }
        let (strategy, factor) = chosen
        onEvent(.factorChosen(strategy: strategy.strategy, stage: stage))
        let sendsCode = strategy.capabilities.contains(.sendsCode)
        let sendCode: () async throws(ClerkError) -> Void = {
            let body = strategy.prepareSecondFactor(factor)
            _ = try await resendingIfNotApplied { () async throws(ClerkError) in try await handle.prepareSecondFactor(body) }
        }
        let verification = handle.secondFactorVerification
        let alreadySent =
            verification?.strategy == strategy.strategy && verification?.status == .unverified
            && verification?.nextAction == .needsAttempt
        if sendsCode && !alreadySent {
            try await sendCode()
        }
        let attempt = { (code: SecretString) async throws(ClerkError) -> Step<SignInHandle> in
            .next(try await handle.attemptSecondFactor(strategy.attemptSecondFactor(code)))
        }
        return try await strategy.verify(
            step(
                on: handle, stage: stage, strategy: strategy, sentTo: sendsCode ? factor.safeIdentifier : nil,
                resend: sendsCode ? sendCode : nil, attempt: attempt))
    }

    /// The context of `strategy`'s step at `stage` of the sign-in `handle`.
    private func step(
        on handle: SignInHandle, stage: FactorStage, strategy: any FactorStrategy, sentTo: String?,
        resend: (() async throws(ClerkError) -> Void)?, attempt: @escaping (SecretString) async throws(ClerkError) -> Step<SignInHandle>
    ) -> FactorStepContext<SignInHandle> {
        FactorStepContext(
            stage: stage, strategy: strategy.strategy, handle: handle, sentTo: sentTo, identifier: handle.identifier, driver: self,
            resend: resend, attempt: attempt, reread: { () async throws(ClerkError) in try await handle.reload() },
            verification: { $0.status == .needsClientTrust || $0.status == .needsSecondFactor ? $0.secondFactorVerification : $0.firstFactorVerification },
            status: { $0.status.rawValue })
    }

    private func newPassword(_ handle: SignInHandle, signOutOfOtherSessions: Bool?) async throws(ClerkError) -> Step<SignInHandle> {
        let step = try await secretLoop(
            expecting: .password,
            question: { _, refusal in .newPassword(retry: refusal) },
            submit: { (password) async throws(ClerkError) -> Step<SignInHandle> in
                let body = ResetPasswordRequest.Body(password: password.revealed, signOutOfOtherSessions: signOutOfOtherSessions)
                return .next(try await handle.resetPassword(body))
            })
        if case .next = step { onEvent(.passwordChanged) }
        return step
    }
}

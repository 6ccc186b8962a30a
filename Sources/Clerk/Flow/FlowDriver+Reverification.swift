extension FlowDriver {
    /// Re-verifies the session `sessionID` (the last active one when nil) at `level`, asking the
    /// answer provider with the registered first- and second-factor strategies, as a sign-in
    /// would: a password (`.password`), or a code sent (`email_code`, `phone_code`) or generated
    /// (`totp`, `backup_code`). Sends `POST /sessions/{id}/verify {level}`, then for each factor
    /// the API asks for a prepare (codes that are sent only) and an attempt. `.startOver` at any
    /// question starts the re-verification again.
    /// - Throws: `FlowError.noApplicableStrategy` when no registered strategy fits a factor the API
    ///   asks for (email links have no re-verification endpoint and are never used here);
    ///   `FlowError.noSession` when there is no such session.
    @discardableResult
    public func reverify(level: SessionReverificationLevel = .firstFactor, sessionID: String? = nil) async throws(ClerkError) -> ReverificationHandle {
        onEvent(.reverificationStarted(level))
        var target = sessionID
        return try await attempts(
            restart: { (driver) in driver.onEvent(.startingOver) },
            recover: { (_, error) async throws(ClerkError) -> Attempted<ReverificationHandle> in throw error }
        ) { (driver, _) async throws(ClerkError) -> Attempted<ReverificationHandle> in
            var handle = try await driver.client.startReverification(level: level, sessionID: target)
            target = handle.sessionID
            while true {
                let step: Step<ReverificationHandle>
                switch handle.status {
                case .complete:
                    driver.onEvent(.reverified)
                    return .finished(handle)
                case .needsFirstFactor:
                    step = try await driver.reverificationFactor(handle, stage: .firstFactor)
                case .needsSecondFactor:
                    step = try await driver.reverificationFactor(handle, stage: .secondFactor)
                default:
                    throw .flow(.unsupportedStatus(handle.status.rawValue))
                }
                switch step {
                case .next(let next): handle = next
                case .startOver, .transfer: return .startOver
                }
            }
        }
    }

    private func reverificationFactor(_ handle: ReverificationHandle, stage: FactorStage) async throws(ClerkError) -> Step<ReverificationHandle> {
        let isFirst = stage == .firstFactor
        let factors = isFirst ? handle.supportedFirstFactors : handle.supportedSecondFactors
        let options = registry.applicable(at: stage, among: factors, identifier: nil)
            .filter { !$0.strategy.capabilities.contains(.sendsLink) }
        guard let (strategy, factor) = try await choose(among: options, at: stage, supported: factors) else { return .startOver }
        onEvent(.factorChosen(strategy: strategy.strategy, stage: stage))
        let identifier = await client.sessions.first { $0.id == handle.sessionID }?.publicUserData?.identifier
        let sendsCode = strategy.capabilities.contains(.sendsCode)
        let sendCode: () async throws(ClerkError) -> Void = {
            if isFirst {
                let body = strategy.prepareFirstFactor(factor)
                _ = try await handle.prepareFirstFactor(
                    .init(strategy: body.strategy, emailAddressID: body.emailAddressID, phoneNumberID: body.phoneNumberID))
            } else {
                let body = strategy.prepareSecondFactor(factor)
                _ = try await handle.prepareSecondFactor(.init(strategy: body.strategy, phoneNumberID: body.phoneNumberID))
            }
        }
        if sendsCode { try await sendCode() }
        let attempt = { (secret: SecretString) async throws(ClerkError) -> Step<ReverificationHandle> in
            if isFirst {
                let body = strategy.attemptFirstFactor(secret)
                return .next(try await handle.attemptFirstFactor(.init(strategy: body.strategy, code: body.code, password: body.password)))
            }
            let body = strategy.attemptSecondFactor(secret)
            return .next(try await handle.attemptSecondFactor(.init(strategy: body.strategy, code: body.code)))
        }
        let context = FactorStepContext(
            stage: stage, strategy: strategy.strategy, handle: handle, sentTo: sendsCode ? factor.safeIdentifier : nil, identifier: identifier,
            driver: self, resend: sendsCode ? sendCode : nil, attempt: attempt, reread: { () async throws(ClerkError) in handle },
            verification: { isFirst ? $0.firstFactorVerification : $0.secondFactorVerification }, status: { $0.status.rawValue })
        return try await strategy.verify(context)
    }
}

import Foundation

extension FlowDriver {
    /// Signs up: creates the sign-up from `details` (asked when nil), then supplies missing
    /// fields and verifies unverified ones until a session is active.
    public func signUp(_ details: SignUpDetails? = nil) async throws(ClerkError) -> ActiveSession {
        var given = details
        return try await sessionAttempts { (driver, _) async throws(ClerkError) -> Outcome in
            let chosen = try await driver.signUpDetails(given: &given)
            switch try await driver.creatingSignUp({ () async throws(ClerkError) in try await driver.create(chosen) }) {
            case .next(let handle):
                driver.onEvent(.signUpStarted)
                return try await driver.driveSignUp(handle)
            case .startOver, .transfer:
                return .startOver
            }
        }
    }

    /// The details to sign up with: `given` the first time round (then forgotten, so that starting
    /// over asks), else asked until the user gives them (`.startOver` at this question asks again).
    private func signUpDetails(given: inout SignUpDetails?) async throws(ClerkError) -> SignUpDetails {
        if let value = given {
            given = nil
            return value
        }
        let question = FlowQuestion.signUpDetails
        while true {
            switch try await ask(question) {
            case .details(let value): return value
            case .startOver: continue
            case let other: throw unexpected(other, for: question)
            }
        }
    }

    /// Creates the sign-up from `details`. A password the instance refuses (too short, too weak,
    /// found in a breach) is asked again as a new password, with the refusal, rather than ending the flow.
    private func create(_ details: SignUpDetails) async throws(ClerkError) -> Step<SignUpHandle> {
        let body = try details.createBody()
        let firstRefusal: ClerkError
        do {
            return .next(try await resendingIfNotApplied { () async throws(ClerkError) in try await client.createSignUp(body) })
        } catch  where details.password != nil && Self.refusesPassword(error) {
            firstRefusal = error
        }
        onEvent(.credentialRejected(firstRefusal))
        return try await secretLoop(
            expecting: .password,
            question: { _, refusal in .newPassword(retry: refusal ?? firstRefusal) },
            submit: { (password) async throws(ClerkError) -> Step<SignUpHandle> in
                var retried = details
                retried.password = password
                let body = try retried.createBody()
                return .next(try await resendingIfNotApplied { () async throws(ClerkError) in try await client.createSignUp(body) })
            })
    }

    /// Whether `error` refuses the password given (not another field).
    static func refusesPassword(_ error: ClerkError) -> Bool {
        isRejectedCredential(error) && error.apiErrors.contains { $0.meta?.paramName == "password" || $0.code.rawValue.hasPrefix("form_password") }
    }

    /// Drives an existing sign-up from its current status to a session.
    public func drive(_ signUp: SignUpHandle) async throws(ClerkError) -> ActiveSession {
        try await sessionAttempts { (driver, number) async throws(ClerkError) -> Outcome in
            number == 1 ? try await driver.driveSignUp(signUp) : .finished(try await driver.signUp())
        }
    }

    /// Creates the sign-up from the sign-in's transferable verification, then drives it. What the
    /// known environment says every sign-up needs (legal acceptance) is asked first and sent with
    /// the transfer, which saves the update that would supply it afterwards.
    func transfer() async throws(ClerkError) -> ActiveSession {
        onEvent(.transferringToSignUp)
        return try await sessionAttempts { (driver, number) async throws(ClerkError) -> Outcome in
            guard number == 1 else { return .finished(try await driver.signIn()) }
            switch try await driver.requirementsBeforeTransfer() {
            case .next(let details):
                let handle = try await driver.creatingSignUp { () async throws(ClerkError) in
                    try await driver.resendingIfNotApplied { () async throws(ClerkError) in try await driver.client.transferToSignUp(details) }
                }
                if !details.isEmpty { driver.onEvent(.fieldsSupplied(Self.requiredUpFront.filter(details.suppliedFields.contains))) }
                driver.onEvent(.signUpStarted)
                return try await driver.driveSignUp(handle)
            case .startOver, .transfer:
                return .startOver
            }
        }
    }

    /// The fields the environment can say every sign-up needs, in the order they are asked.
    static let requiredUpFront: [SignUpField] = [.legalAccepted]

    /// The answers to what the known environment requires of every sign-up (nothing asked when no
    /// environment is known, or it requires nothing the driver can ask before the sign-up exists).
    private func requirementsBeforeTransfer() async throws(ClerkError) -> Step<SignUpDetails> {
        guard await client.knownEnvironment?.userSettings?.signUp?.legalConsentEnabled == true else { return .next(SignUpDetails()) }
        let question = FlowQuestion.missingFields(Self.requiredUpFront)
        switch try await ask(question) {
        case .details(let details): return .next(details)
        case .startOver: return .startOver
        case let other: throw unexpected(other, for: question)
        }
    }

    func driveSignUp(_ start: SignUpHandle) async throws(ClerkError) -> Outcome {
        var handle = start
        while true {
            onEvent(.signUpStatus(handle.status, missing: handle.missingFields, unverified: handle.unverifiedFields))
            switch handle.status {
            case .complete:
                return try await settle(try await resendingIfNotApplied { () async throws(ClerkError) in try await handle.finalize() })
            case .missingRequirements:
                let step: Step<SignUpHandle>
                if !handle.missingFields.isEmpty {
                    step = try await supplyMissing(handle)
                } else if let field = handle.unverifiedFields.first {
                    step = try await verify(field, of: handle)
                } else {
                    throw .flow(.unsupportedStatus("missing_requirements with nothing missing or unverified"))
                }
                switch step {
                case .next(let next): handle = next
                case .startOver: return .startOver
                case .transfer: throw .flow(.unsupportedStatus("transfer from a sign-up"))
                }
            default:
                throw .flow(.unsupportedStatus(handle.status.rawValue))
            }
        }
    }

    private func supplyMissing(_ handle: SignUpHandle) async throws(ClerkError) -> Step<SignUpHandle> {
        let question = FlowQuestion.missingFields(handle.missingFields)
        switch try await ask(question) {
        case .details(let details):
            guard !details.isEmpty else { throw unexpected(.details(details), for: question) }
            let next = try await resendingIfNotApplied { () async throws(ClerkError) in try await handle.update(details) }
            onEvent(.fieldsSupplied(handle.missingFields.filter(details.suppliedFields.contains)))
            return .next(next)
        case .startOver:
            return .startOver
        case let other:
            throw unexpected(other, for: question)
        }
    }

    private func verify(_ field: SignUpField, of handle: SignUpHandle) async throws(ClerkError) -> Step<SignUpHandle> {
        let verification = handle.verification(of: field)
        guard let strategy = registry.strategies(for: .signUpVerification).first(where: { $0.verifiedField == field }) else {
            throw .flow(.noApplicableStrategy(stage: .signUpVerification, supported: verification.map { [$0.strategy] } ?? []))
        }
        let sendsCode = strategy.capabilities.contains(.sendsCode)
        let sendCode: () async throws(ClerkError) -> Void = {
            let body = strategy.prepareVerification()
            _ = try await resendingIfNotApplied { () async throws(ClerkError) in try await handle.prepareVerification(body) }
        }
        let alreadySent = verification?.strategy == strategy.strategy && verification?.nextAction == .needsAttempt
        if sendsCode && !alreadySent {
            try await sendCode()
        }
        let attempt = { (code: SecretString) async throws(ClerkError) -> Step<SignUpHandle> in
            .next(try await handle.attemptVerification(strategy.attemptVerification(code)))
        }
        let context = FactorStepContext(
            stage: .signUpVerification, strategy: strategy.strategy, handle: handle, sentTo: handle.value(of: field), identifier: nil,
            driver: self, resend: sendsCode ? sendCode : nil, attempt: attempt, reread: { () async throws(ClerkError) in try await handle.reload() },
            verification: { $0.verification(of: field) }, status: { $0.status.rawValue })
        return try await strategy.verify(context)
    }
}

import ClerkAPI
import Foundation

/// The rules of a sign-in's second factor: MFA, and Client Trust's check of a new device.
package struct SignInSecondFactorRules: SignInAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension SignInSecondFactorRules {
    package mutating func prepareSecondFactor(
        _ meta: RequestMeta, id: String, _ input: FactorPreparation
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingSecondFactor(meta, id: id, step: "prepare_second_factor")
        guard [.emailCode, .phoneCode, .emailLink].contains(input.strategy) else { throw refuseStrategy(input.strategy) }
        let factor = try SignInFactorRules.selectFactor(
            signIn.secondFactors ?? [], strategy: input.strategy, emailAddressID: input.emailAddressID, phoneNumberID: input.phoneNumberID)
        try checkResend(signIn.secondFactor, strategy: input.strategy, factorID: factor.identificationID)
        let purpose = signIn.status == .needsClientTrust ? "client_trust" : "second_factor"
        signIn.secondFactor = try prepare(
            input.strategy, factor: factor, redirectURL: input.redirectURL, deliver: true, purpose: "sign_in.\(purpose).\(input.strategy.rawValue)")
        return commit(signIn, client: &client)
    }

    /// The sign-in waiting for a second factor (MFA or Client Trust), the request counted against
    /// the rate limits.
    private mutating func signInAwaitingSecondFactor(
        _ meta: RequestMeta, id: String, step: String
    ) throws(FrontendError) -> (ClientRecord, SignInRecord) {
        let (client, signIn) = try signIn(meta, id: id, forUpdate: true)
        try admit(meta, identifier: signIn.identifier, account: signIn.userID)
        guard signIn.status == .needsSecondFactor || signIn.status == .needsClientTrust else {
            throw .clientState(step, "The sign-in is not waiting for a second factor.")
        }
        return (client, signIn)
    }

    package mutating func attemptSecondFactor(
        _ meta: RequestMeta, id: String, _ input: SecondFactorAttempt
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingSecondFactor(meta, id: id, step: "attempt_second_factor")
        guard (signIn.secondFactors ?? []).contains(where: { $0.strategy == input.strategy }) else {
            throw refuseStrategy(input.strategy)
        }
        guard let userID = signIn.userID, var user = users[userID] else {
            throw .clientState("attempt_second_factor", "The sign-in has no account.")
        }
        if let lock = lockError(for: user) { throw lock }

        do {
            try checkSecondFactor(input.strategy, code: input.code, verification: &signIn.secondFactor, user: &user)
        } catch {
            // A sent code's counted attempt is kept.
            signIns[signIn.id] = signIn
            throw error
        }
        user.lockout.recordSuccess()
        store(user)
        if signIn.status == .needsSecondFactor { signIn.secondFactorVerifiedAt = now }
        completeSignIn(&signIn, userID: userID, client: &client)
        return commit(signIn, client: &client)
    }
}

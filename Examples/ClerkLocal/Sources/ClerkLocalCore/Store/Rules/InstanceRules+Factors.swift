import ClerkAPI
import Foundation

/// How a sign-in moves on once its first factor is verified, and the codes its factors send.
extension InstanceRules {
    /// Which factors a sign-in offers under the settings in effect now.
    var factorRules: SignInFactorRules { SignInFactorRules(settings: settings, now: now) }

    /// After the first factor: MFA first, then Client Trust (password sign-ins from an unknown
    /// client only), otherwise the sign-in completes.
    mutating func advanceAfterFirstFactor(_ signIn: inout SignInRecord, user: UserRecord, client: inout ClientRecord, viaPassword: Bool) {
        let trusted = client.trustedUserIDs.contains(user.id)
        if settings.clientTrust {
            signIn.clientTrustState = trusted ? .known : .new
        }
        let mfa = factorRules.secondFactors(for: user)
        if !mfa.isEmpty {
            signIn.status = .needsSecondFactor
            signIn.secondFactors = mfa
            return
        }
        if viaPassword, settings.clientTrust, !trusted {
            let trust = factorRules.clientTrustFactors(for: user, identifier: signIn.identifier)
            if !trust.isEmpty {
                signIn.status = .needsClientTrust
                signIn.secondFactors = trust
                return
            }
        }
        completeSignIn(&signIn, userID: user.id, client: &client)
    }

    mutating func completeSignIn(_ signIn: inout SignInRecord, userID: String, client: inout ClientRecord) {
        let session = startSession(
            for: userID, on: &client, strategy: signIn.firstFactor?.strategy,
            firstFactorAt: signIn.firstFactorVerifiedAt ?? now, secondFactorAt: signIn.secondFactorVerifiedAt)
        signIn.status = .complete
        signIn.createdSessionID = session.id
    }

    /// Sends a code for a factor and returns the verification waiting for it.
    mutating func prepareCode(_ strategy: Strategy, factor: FactorRecord, deliver: Bool, purpose: String) -> VerificationRecord {
        let channel: OutboxMessage.Channel = factor.phoneNumberID != nil ? .sms : .email
        let challenge = issueCode(to: factor.destination ?? "", channel: channel, purpose: purpose, deliver: deliver)
        return .code(strategy, challenge: challenge, factorID: factor.identificationID)
    }

    /// Sends a code, or an email link (`email_link`, which needs `redirectURL`), for a factor and
    /// returns the verification waiting for it.
    mutating func prepare(
        _ strategy: Strategy, factor: FactorRecord, redirectURL: String?, deliver: Bool, purpose: String
    ) throws(FrontendError) -> VerificationRecord {
        guard strategy == .emailLink else { return prepareCode(strategy, factor: factor, deliver: deliver, purpose: purpose) }
        return try prepareLink(
            strategy, to: factor.destination ?? "", factorID: factor.identificationID, redirectURL: redirectURL, purpose: purpose, deliver: deliver)
    }

    /// Refuses strategy names: unknown ones as invalid values, known ones as not usable here.
    func refuseStrategy(_ strategy: Strategy) -> FrontendError {
        strategy.isKnown ? .strategyInvalid() : .invalidValue("strategy", strategy.rawValue)
    }

}

import ClerkAPI
import Foundation

/// Issuing one-time codes and judging attempts at them.
extension InstanceRules {
    /// Issues a code to a destination; test identifiers get 424242 and no message.
    mutating func issueCode(to destination: String, channel: OutboxMessage.Channel, purpose: String, deliver: Bool) -> CodeChallenge {
        let settings = self.settings
        let fixed = settings.testMode && TestIdentifierRules.isTest(destination) ? TestIdentifierRules.fixedCode : nil
        let (challenge, code) = CodeChallenge.issue(to: destination, now: now, settings: settings.codes, fixedCode: fixed)
        if let code, deliver {
            let message = outbox.deliver(
                channel: channel, to: destination, purpose: purpose, code: code,
                applicationName: settings.applicationName,
                lifetimeMinutes: max(1, settings.codes.lifetimeSeconds / 60), now: now)
            state.deliveredInOperation?.insert(message.id)
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
}

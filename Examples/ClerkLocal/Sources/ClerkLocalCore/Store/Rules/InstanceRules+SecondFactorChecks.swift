import ClerkAPI
import Foundation

/// Judging a second factor, as a sign-in and a session re-verification both do.
extension InstanceRules {
    /// Checks `code` for `strategy`: a sent code against `verification`'s challenge, an
    /// authenticator code (a code of the last accepted step or an earlier one is a replay), or a
    /// backup code (used up). On success `user` carries the step or the code used, and
    /// `verification` the verified factor; the caller stores both. A failure has counted towards
    /// the user's lockout, and a sent code's challenge in `verification` counts the attempt: the
    /// caller stores the record holding it before passing the error on.
    mutating func checkSecondFactor(
        _ strategy: Strategy, code: String, verification: inout VerificationRecord?, user: inout UserRecord
    ) throws(FrontendError) {
        switch strategy {
        case .emailCode, .phoneCode:
            guard var sent = verification, var challenge = sent.challenge else { throw FrontendError(.verificationMissing) }
            guard sent.strategy == strategy else { throw FrontendError(.verificationStrategyInvalid, paramName: "strategy") }
            let attemptsBefore = challenge.attempts
            let outcome = challenge.attempt(code, now: now, settings: settings.codes)
            sent.challenge = challenge
            verification = sent
            guard outcome == .verified else {
                throw failedCodeAttempt(outcome, counted: challenge.attempts > attemptsBefore, userID: user.id, revealsLock: true)
            }
        case .totp:
            guard let secret = user.totpSecret, let totp = TOTP(base32Secret: secret) else { throw .strategyInvalid() }
            guard let step = totp.matchingStep(for: code, at: now), step > (user.lastTOTPStep ?? .min) else {
                throw failedSecretAttempt(userID: user.id, error: .codeIncorrect())
            }
            user.lastTOTPStep = step
            verification = .verified(.totp)
        case .backupCode:
            guard var codes = user.backupCodes, codes.consume(code) else {
                throw failedSecretAttempt(userID: user.id, error: .codeIncorrect())
            }
            user.backupCodes = codes
            verification = .verified(.backupCode)
        default:
            throw refuseStrategy(strategy)
        }
    }
}

import Clerk
import Foundation

extension FactorStepContext {
    /// The step of an email link: tells the user where the link went (`.emailLinkSent`), then goes
    /// on when it is opened. `.acknowledged` waits, reading the sign-in or sign-up again with the
    /// pauses of `polling`; `.redirect` completes with the URL the app received (read again when
    /// its `__clerk_status` is `verified`); `.resendCode` sends a new link; `.startOver` ends the step.
    /// - Throws: `FlowError.emailLink` when the verification expired or failed, the redirect says
    ///   so, or the link was not opened in time.
    public func awaitEmailLink(polling: LinkPolling) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        let prompt = EmailLinkPrompt(stage: stage, sentTo: sentTo)
        report(.emailLinkSent(prompt))
        let question = FlowQuestion.emailLinkSent(prompt)
        let before = status(of: handle)
        while true {
            let opened: Handle
            switch try await ask(question) {
            case .acknowledged:
                report(.waitingForEmailLink)
                opened = try await waitForLink(
                    on: client, polling, read: { () async throws(ClerkError) in try await reread() },
                    state: { LinkVerificationState(verification(of: $0), moved: status(of: $0) != before) })
            case .redirect(let url):
                let redirect = try EmailLinkRedirect(url)
                if let failure = redirect.failure { throw .flow(.emailLink(failure)) }
                opened = try await reread()
            case .resendCode where canResend:
                try await resend()
                report(.codeResent(strategy: strategy))
                continue
            case .startOver:
                return .startOver
            case let other:
                throw unexpected(other, for: question)
            }
            report(.emailLinkOpened)
            return .next(opened)
        }
    }
}

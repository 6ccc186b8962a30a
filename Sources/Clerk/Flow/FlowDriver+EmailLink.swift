import Foundation

extension FlowDriver {
    /// One step verified by an email link: tells the user where the link went, then goes on when
    /// it is opened. `.acknowledged` waits (`wait` polls), `.redirect` completes with the URL the
    /// app received, `.resendCode` sends a new link (`send`), `.startOver` ends the step.
    func linkLoop<Handle: Sendable>(
        _ prompt: EmailLinkPrompt,
        resend: () async throws(ClerkError) -> Void,
        wait: () async throws(ClerkError) -> Handle,
        redirect: (URL) async throws(ClerkError) -> Handle
    ) async throws(ClerkError) -> Step<Handle> {
        onEvent(.emailLinkSent(prompt))
        let question = FlowQuestion.emailLinkSent(prompt)
        while true {
            let handle: Handle
            switch try await ask(question) {
            case .acknowledged:
                onEvent(.waitingForEmailLink)
                handle = try await wait()
            case .redirect(let url):
                handle = try await redirect(url)
            case .resendCode:
                try await resend()
                onEvent(.codeResent(strategy: .emailLink))
                continue
            case .startOver:
                return .startOver
            case let other:
                throw unexpected(other, for: question)
            }
            onEvent(.emailLinkOpened)
            return .next(handle)
        }
    }
}

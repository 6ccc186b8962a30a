import Clerk

/// The app's captcha widget, as the flows run it: a real app shows Cloudflare Turnstile with the
/// environment's site key; clerk-local's key is Turnstile's test key, whose widget always passes with
/// Turnstile's dummy token, so this widget answers that token and notes that it was shown.
struct TestCaptchaWidget: CaptchaProvider {
    static let testToken = "XXXX.DUMMY.TOKEN.XXXX"
    let shown: @Sendable (CaptchaChallenge) -> Void

    func captchaToken(for challenge: CaptchaChallenge) async throws -> String {
        shown(challenge)
        return Self.testToken
    }
}

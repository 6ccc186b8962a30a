/// Solves the captcha of an instance with bot sign-up protection, for the app: shows the widget the
/// environment names (Cloudflare Turnstile with `siteKey`) and answers its token. ``ClerkClient`` asks
/// only when the instance requires a captcha for the sign-up being created; give one in
/// ``ClerkClient/Options/captchaProvider``.
public protocol CaptchaProvider: Sendable {
    /// The widget's token for `challenge`. Throwing stops the sign-up with
    /// `ClerkError.flow(.captchaFailed(_:))`, with no request sent.
    func captchaToken(for challenge: CaptchaChallenge) async throws -> String
}

/// The captcha an instance asks for, as its environment describes it.
public struct CaptchaChallenge: Sendable, Hashable {
    /// The widget's site key (`display_config.captcha_public_key`, or the invisible widget's key).
    public var siteKey: String
    /// `smart` or `invisible`.
    public var widgetType: String
    /// The service, `turnstile` today.
    public var provider: String

    /// A challenge for the widget `provider` shows with `siteKey`, as `widgetType`.
    public init(siteKey: String, widgetType: String, provider: String) {
        self.siteKey = siteKey
        self.widgetType = widgetType
        self.provider = provider
    }
}

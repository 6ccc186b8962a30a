/// Bot sign-up protection: sign-ups must carry a captcha token. clerk-local runs no captcha service:
/// the environment advertises Cloudflare Turnstile's published test site key, and the one token that
/// key yields, ``acceptedToken``, is the only token accepted. Settings files name it `bot_protection`:
///
/// ```json
/// { "bot_protection": { "enabled": true, "widget_type": "smart" } }
/// ```
public struct BotProtectionSettings: Codable, Sendable, Hashable {
    /// How the widget shows itself, as Clerk's environment names it.
    public enum WidgetType: String, Codable, Sendable, Hashable, CaseIterable {
        case smart, invisible
    }

    public var enabled: Bool
    public var widgetType: WidgetType

    public init(enabled: Bool = false, widgetType: WidgetType = .smart) {
        self.enabled = enabled
        self.widgetType = widgetType
    }

    /// Turnstile's test site key that always passes (Cloudflare's Turnstile testing documentation).
    public static let testSiteKey = "1x00000000000000000000AA"
    /// The dummy token Turnstile's test keys produce: the one `captcha_token` clerk-local accepts.
    public static let acceptedToken = "XXXX.DUMMY.TOKEN.XXXX"
}

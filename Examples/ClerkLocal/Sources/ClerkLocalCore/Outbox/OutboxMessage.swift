import Foundation

/// A message the server "sent": where a real instance would email or text, the emulator records it.
public struct OutboxMessage: Codable, Sendable, Hashable {
    public enum Channel: String, Codable, Sendable {
        case email, sms
    }

    public var id: String
    public var channel: Channel
    /// The email address or E.164 phone number.
    public var to: String
    /// What the message is for, e.g. `sign_in.email_code` or `sign_up.phone_code`.
    public var purpose: String
    /// The code it carries; nil for an email link.
    public var code: String?
    /// The email link it carries (`…/v1/verify?token=…`), to open as the user would; nil for a code.
    public var link: String?
    public var body: String
    /// Unix milliseconds.
    public var sentAt: Int64

    package enum CodingKeys: String, CodingKey {
        case id, channel, to, purpose, code, link, body
        case sentAt = "sent_at"
    }
}

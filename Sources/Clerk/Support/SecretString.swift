/// A secret (password, code) that never shows itself: its description, debug description and
/// mirror print `<redacted>`. Read it with `revealed` only to put it on the wire.
public struct SecretString: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The secret itself.
    public let revealed: String

    /// Wraps `value`.
    public init(_ value: String) {
        self.revealed = value
    }

    /// Wraps a literal secret (for tests and previews).
    public init(stringLiteral value: String) {
        self.revealed = value
    }

    /// Whether the secret is empty.
    public var isEmpty: Bool { revealed.isEmpty }

    /// `<redacted>`: never the secret.
    public var description: String { Redaction.placeholder }
    /// `<redacted>`: never the secret.
    public var debugDescription: String { Redaction.placeholder }
    /// A mirror without children, so `dump` shows no secret.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

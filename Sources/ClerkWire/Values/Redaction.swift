/// What descriptions, dumps and mirrors show in place of a secret (password, code, token, TOTP secret).
public enum Redaction {
    /// What descriptions, dumps and log lines show in place of a secret: `<redacted>`.
    public static let placeholder = "<redacted>"
}

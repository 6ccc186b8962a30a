/// What descriptions, dumps and mirrors show in place of a secret (password, code, token, TOTP secret).
public enum Redaction {
    public static let placeholder = "<redacted>"
}

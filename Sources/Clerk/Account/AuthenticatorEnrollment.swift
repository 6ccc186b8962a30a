/// An authenticator-app enrolment waiting for its first code: the secret to type in and the
/// `otpauth://` URI to scan (as a QR code). Both are `SecretString`s, so printing or dumping an
/// enrolment shows neither; read them with `revealed` only to show them to the user.
public struct AuthenticatorEnrollment: Sendable, Hashable, CustomStringConvertible {
    /// The TOTP object id.
    public let id: String
    /// The shared secret, base32 (what a user types into an authenticator app).
    public let secret: SecretString
    /// The `otpauth://totp/…?secret=…` URI (what a QR code encodes); it contains the secret.
    public let uri: SecretString

    /// An enrolment of `id` with its secret and URI.
    public init(id: String, secret: SecretString, uri: SecretString) {
        self.id = id
        self.secret = secret
        self.uri = uri
    }

    /// The enrolment from the API's TOTP answer.
    /// - Throws: `ClerkError.undecodableResponse` when the answer carries no secret or URI.
    public init(_ totp: TOTPResource) throws(ClerkError) {
        guard let secret = totp.secret, !secret.isEmpty, let uri = totp.uri, !uri.isEmpty else {
            throw .undecodableResponse(
                UndecodableResponse(
                    httpStatus: 200, contentType: "application/json", byteCount: 0,
                    reason: "the TOTP answer carries no secret or no otpauth URI"))
        }
        self.init(id: totp.id, secret: SecretString(secret), uri: SecretString(uri))
    }

    /// The id only; never the secret or the URI.
    public var description: String { "AuthenticatorEnrollment(\(id))" }
}

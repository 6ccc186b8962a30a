import ClerkLocalServer
import Foundation

/// What an authenticator app does with the secret it scanned: the code of the current 30-second step.
/// Any Base32 secret works, such as the random bytes a real Clerk instance enrols.
public struct Authenticator: Sendable {
    private let totp: TOTP

    /// An authenticator for a Base32 secret (as in an `otpauth://` URI), any case, spaces and padding
    /// ignored; nil if it is not Base32.
    public init?(base32Secret: String) {
        guard let totp = TOTP(base32Secret: base32Secret) else { return nil }
        self.totp = totp
    }

    /// The code shown at `date`.
    public func code(at date: Date = Date()) -> String {
        totp.code(at: date)
    }
}

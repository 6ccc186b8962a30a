import ClerkAPI

/// The instance's password rules, checked before a password is hashed or stored.
package struct PasswordPolicy: Sendable {
    package var settings: PasswordSettingsModel

    /// nil when the password is acceptable; otherwise the error Clerk answers with.
    package func violation(of password: String, parameter: String = "password", identifiers: [String] = []) -> FrontendError? {
        if let violation = Self.storableViolation(of: password, parameter: parameter) { return violation }
        if password.utf8.count > settings.maxLength {
            return FrontendError(
                .formPasswordLengthTooLong, paramName: parameter,
                message: "Passwords must be \(settings.maxLength) characters or fewer.")
        }
        if password.count < settings.minLength {
            return FrontendError(
                .formPasswordLengthTooShort, paramName: parameter,
                message: "Passwords must be \(settings.minLength) characters or more.")
        }
        let lowered = password.lowercased()
        if identifiers.contains(where: { !$0.isEmpty && $0.lowercased() == lowered }) {
            return FrontendError(.formPasswordMatchesIdentifier, paramName: parameter)
        }
        if settings.rejectCommon, CommonPasswords.contains(password) {
            return FrontendError(
                .formPasswordPwned, paramName: parameter,
                message: "Password has been found in an online data breach. For account safety, please use a different password.")
        }
        return nil
    }

    /// bcrypt reads at most 72 bytes: a longer password would sign in with any text sharing them.
    package static let bcryptMaxBytes = 72

    /// What is refused wherever a password is set, whatever the policy and `skip_password_checks`:
    /// control characters (bcrypt stops at the first NUL, so `"\0" + anything` would match a password
    /// that starts with one, and the other checks would judge text bcrypt never reads) and more than
    /// bcrypt's 72 bytes.
    package static func storableViolation(of password: String, parameter: String = "password") -> FrontendError? {
        if password.contains(where: \.isControl) { return .nonPrintable(parameter) }
        guard password.utf8.count > bcryptMaxBytes else { return nil }
        return FrontendError(
            .formPasswordLengthTooLong, paramName: parameter, message: "Passwords must be \(bcryptMaxBytes) characters or fewer.")
    }
}

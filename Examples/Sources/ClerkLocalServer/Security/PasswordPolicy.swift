import ClerkAPI

/// The instance's password rules, checked before a password is hashed or stored.
struct PasswordPolicy: Sendable {
    var settings: PasswordSettingsModel

    /// nil when the password is acceptable; otherwise the error Clerk answers with.
    func violation(of password: String, parameter: String = "password", identifiers: [String] = []) -> FrontendError? {
        if let violation = Self.characterViolation(of: password, parameter: parameter) { return violation }
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

    /// Control characters are refused wherever a password is set, seeds included: bcrypt stops at
    /// the first NUL, so `"\0" + anything` would match a password that starts with one, and the
    /// length and common-password checks would judge text bcrypt never reads.
    static func characterViolation(of password: String, parameter: String = "password") -> FrontendError? {
        guard password.contains(where: \.isControl) else { return nil }
        return FrontendError(
            .formParamValueInvalid, variant: "FormNotAllowedSpaceOrNonPrintable", paramName: parameter,
            message: "is invalid", longMessage: "\(parameter) cannot contain non-printable characters.")
    }
}

/// The checks of a user's own fields, the same on every path that sets them: Frontend API sign-up,
/// the account API, the Backend API, the admin API and the dashboard (seeding), and import.
package enum UserFieldRules {
    package static let maxNameLength = 256
    /// Characters are graphemes: one letter with thousands of combining marks is one of them.
    package static let maxNameBytes = 1024

    /// A first or last name: trimmed, at most 256 characters and 1024 bytes of UTF-8, no control
    /// characters; nil when blank.
    package static func name(_ value: String, parameter: String) throws(FrontendError) -> String? {
        let trimmed = value.trimmingWhitespace()
        guard trimmed.count <= maxNameLength, trimmed.utf8.count <= maxNameBytes else {
            throw FrontendError(
                .formParamMaxLengthExceeded, paramName: parameter,
                longMessage: "\(parameter) should not exceed \(maxNameLength) characters or \(maxNameBytes) bytes.")
        }
        guard !trimmed.contains(where: \.isControl) else { throw .nonPrintable(parameter) }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A name an identity provider vouches for, as the user and the external account adopt it: trimmed,
    /// or nil when blank or when it breaks a rule of `name(_:parameter:)` (too long, a control character),
    /// so that what a provider sends can never make a user the server's own export cannot import back.
    package static func adoptedName(_ value: String?) -> String? {
        guard let value else { return nil }
        return try? name(value, parameter: "first_name")
    }

    /// `name(_:parameter:)` for an optional value.
    package static func name(ifSet value: String?, parameter: String) throws(FrontendError) -> String? {
        guard let value else { return nil }
        return try name(value, parameter: parameter)
    }
}

extension FrontendError {
    /// A value with a control character in it (NUL, ESC, DEL, the C1 controls).
    package static func nonPrintable(_ parameter: String) -> FrontendError {
        FrontendError(
            .formParamValueInvalid, variant: "FormNotAllowedSpaceOrNonPrintable", paramName: parameter,
            message: "is invalid", longMessage: "\(parameter) cannot contain non-printable characters.")
    }
}

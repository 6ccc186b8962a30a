import ClerkAPI

/// A refusal, answered in Clerk's error envelope: the code, its HTTP status and messages from the
/// catalogue, and the details clients act on (`param_name`, lockout time, Retry-After).
package struct FrontendError: Error, Sendable {
    package var code: ClerkErrorCode
    package var status: Int
    package var message: String
    package var longMessage: String
    package var paramName: String?
    package var sessionID: String?
    package var lockoutExpiresInSeconds: Int?
    package var retryAfterSeconds: Int?
    /// The client's state to send under `meta.client`, when the refusal changed it (a verification
    /// that became transferable).
    package var client: ClientSnapshot?

    /// - Parameters:
    ///   - variant: the catalogue entry's name where a code has several (e.g. `SignInNotFound`).
    package init(
        _ code: ClerkErrorCode,
        variant: String? = nil,
        status: Int? = nil,
        paramName: String? = nil,
        message: String? = nil,
        longMessage: String? = nil
    ) {
        let entry = code.variants.first { $0.name == variant } ?? code.variants.first
        self.code = code
        self.status = status ?? entry?.httpStatus ?? 400
        self.paramName = paramName
        let short = message ?? entry?.shortMessage.flatMap { $0.isEmpty ? nil : $0 } ?? Self.fallbackMessage(code)
        self.message = short
        let long = longMessage ?? entry?.longMessage.flatMap { $0.isEmpty ? nil : $0 } ?? short
        self.longMessage = Self.fill(long, parameter: paramName)
    }

    /// Catalogue long messages name the parameter as `<param>` or `<parameter>`.
    private static func fill(_ template: String, parameter: String?) -> String {
        guard let parameter else { return template }
        return
            template
            .replacingOccurrences(of: "<parameter>", with: parameter)
            .replacingOccurrences(of: "<param>", with: parameter)
    }

    /// Messages for catalogue entries that carry none.
    private static func fallbackMessage(_ code: ClerkErrorCode) -> String {
        switch code {
        case .formIdentifierNotFound: "Couldn't find your account."
        case .formIdentifierExists: "That identifier is taken. Please try another."
        case .formParamFormatInvalid: "is invalid"
        case .formPasswordLengthTooShort: "Password is too short."
        case .formPasswordLengthTooLong: "Password is too long."
        case .formPasswordPwned: "Password has been found in an online data breach."
        case .tooManyRequests: "Too many requests. Please try again later."
        default: code.rawValue.replacingOccurrences(of: "_", with: " ")
        }
    }
}

extension FrontendError {
    package static func missing(_ parameter: String) -> FrontendError {
        FrontendError(.formParamMissing, variant: "FormMissingParameter", paramName: parameter)
    }

    package static func unknownParameter(_ parameter: String) -> FrontendError {
        FrontendError(.formParamUnknown, variant: "FormUnknownParameter", paramName: parameter)
    }

    package static func invalidFormat(_ parameter: String, longMessage: String? = nil) -> FrontendError {
        FrontendError(
            .formParamFormatInvalid, variant: "FormInvalidParameterFormat", paramName: parameter,
            message: "is invalid", longMessage: longMessage ?? "\(parameter) is invalid.")
    }

    package static func invalidEmail(_ parameter: String) -> FrontendError {
        FrontendError(.formParamFormatInvalid, variant: "FormInvalidEmailAddress", paramName: parameter)
    }

    package static func invalidPhone(_ parameter: String) -> FrontendError {
        FrontendError(.formParamFormatInvalid, variant: "FormInvalidPhoneNumber", paramName: parameter)
    }

    package static func invalidValue(_ parameter: String, _ value: String) -> FrontendError {
        FrontendError(
            .formParamValueInvalid, variant: "FormInvalidParameterValue", paramName: parameter,
            longMessage: "\(value) does not match one of the allowed values for parameter \(parameter)")
    }

    package static func identifierNotFound() -> FrontendError {
        FrontendError(.formIdentifierNotFound, paramName: "identifier")
    }

    package static func identifierExists(_ parameter: String) -> FrontendError {
        FrontendError(
            .formIdentifierExists, variant: "FormIdentifierExists", paramName: parameter,
            longMessage: "That \(parameter.replacingOccurrences(of: "_", with: " ")) is taken. Please try another.")
    }

    package static func passwordIncorrect() -> FrontendError {
        FrontendError(.formPasswordIncorrect, paramName: "password")
    }

    package static func codeIncorrect() -> FrontendError {
        FrontendError(.formCodeIncorrect, paramName: "code")
    }

    package static func strategyInvalid(_ parameter: String = "strategy") -> FrontendError {
        FrontendError(.strategyForUserInvalid, paramName: parameter)
    }

    package static func notFound(_ variant: String, parameter: String? = nil) -> FrontendError {
        FrontendError(.resourceNotFound, variant: variant, paramName: parameter)
    }

    package static func clientState(_ action: String, _ resolution: String) -> FrontendError {
        FrontendError(
            .clientStateInvalid, longMessage: "We were unable to complete \(action) for this Client. \(resolution)")
    }

    package static func signedOut() -> FrontendError {
        FrontendError(.authenticationInvalid)
    }

    /// A development browser's token the server does not know (never made, or dropped with its idle client).
    package static func devBrowserUnauthenticated() -> FrontendError {
        FrontendError(.devBrowserUnauthenticated)
    }

    package static func tooManyRequests(retryAfter: Int) -> FrontendError {
        var error = FrontendError(.tooManyRequests, status: 429)
        error.retryAfterSeconds = retryAfter
        return error
    }

    package static func codeTooManyRequests(retryAfter: Int) -> FrontendError {
        var error = FrontendError(
            .verificationCodeTooManyRequests, status: 429,
            longMessage: "Too many verification code requests. Please wait \(retryAfter) seconds before requesting another code.")
        error.retryAfterSeconds = retryAfter
        return error
    }

    package static func userLocked(expiresIn seconds: Int) -> FrontendError {
        let minutes = max(1, (seconds + 59) / 60)
        var error = FrontendError(
            .userLocked, variant: "UserLocked",
            longMessage: "Your account is locked. You will be able to try again in \(minutes) minute\(minutes == 1 ? "" : "s").")
        error.lockoutExpiresInSeconds = seconds
        return error
    }

    package static func fromForm(_ error: FormDecodingError) -> FrontendError {
        switch error {
        case .missing(let name): .missing(name)
        case .unknown(let name): .unknownParameter(name)
        case .invalidFormat(let name, let expected):
            .invalidFormat(name, longMessage: "\(name) must be \(expected).")
        case .duplicate(let name): FrontendError(.formParamDuplicate, variant: "FormDuplicateParameter", paramName: name)
        case .malformedBody:
            FrontendError(.malformedRequestParameters)
        }
    }
}

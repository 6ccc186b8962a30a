import Clerk

/// How a form shows an error: next to which field, and in which words.
extension TerminalAnswers {
    /// What a form shows for an error: Clerk's message for the field, else the error in words.
    public static func message(of error: ClerkError) -> String {
        if let first = error.apiErrors.first {
            let text = first.longMessage.isEmpty ? first.message : first.longMessage
            if !text.isEmpty { return text }
        }
        switch error {
        case .flow(.tooManyFailedAnswers(_, let count)):
            return "\(count) answers in a row were refused, so the flow stopped here"
        case .transport:
            return "the Frontend API could not be reached (\(error.description))"
        case .answerLost(let lost) where lost.serverState == .notApplied:
            return "the connection dropped before Clerk answered, and it did not go through: enter it again"
        case .answerLost:
            return "the connection dropped before Clerk answered (\(error.description))"
        case .invalidInput(let input):
            return input.description
        default:
            return error.description
        }
    }

    /// The field an error concerns, for messages shown outside a prompt (a refused identifier).
    public static func field(of error: ClerkError) -> String {
        if let param = error.apiErrors.first?.meta?.paramName {
            switch param {
            case "identifier", "email_address", "phone_number": return "Identifier"
            case "password": return "Password"
            case "code": return "Code"
            default: return param
            }
        }
        if case .invalidInput(let input) = error {
            return input.field == "identifier" || input.field == "phone_number" ? "Identifier" : input.field
        }
        if case .flow(.tooManyFailedAnswers(let question, _)) = error {
            return question.contains("password") ? "Password" : "Code"
        }
        let code = error.code?.rawValue ?? ""
        if code.contains("password") { return "Password" }
        if code.contains("identifier") { return "Identifier" }
        if code.contains("code") || code.hasPrefix("verification") { return "Code" }
        return "Form"
    }
}

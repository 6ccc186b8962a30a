import Clerk

/// What a person typed at a code prompt: a code of the form the strategy expects, one of the
/// words the prompt offers, or something that cannot be a code (refused here, never sent).
enum CodeEntry: Equatable {
    case code(String)
    case resend
    case startOver
    case notACode(hint: String)

    /// The words accepted besides a code; a single letter works too.
    static let resendWords: Set<String> = ["r", "resend"]
    static let startOverWords: Set<String> = ["s", "start over", "startover", "start-over"]

    /// Reads `typed` for a code of `strategy`. Email, SMS and authenticator-app codes are six
    /// digits (spaces allowed); a backup code is eight letters or digits (spaces and dashes allowed).
    init(_ typed: String, strategy: Strategy) {
        let words = typed.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let sendsCode = strategy != .totp && strategy != .backupCode
        if Self.startOverWords.contains(words) {
            self = .startOver
        } else if Self.resendWords.contains(words) {
            self = sendsCode ? .resend : .notACode(hint: Self.hint(for: strategy, askedToResend: true))
        } else if let code = Self.code(in: typed, strategy: strategy) {
            self = .code(code)
        } else {
            self = .notACode(hint: Self.hint(for: strategy, askedToResend: false))
        }
    }

    private static func code(in typed: String, strategy: Strategy) -> String? {
        if strategy == .backupCode {
            let compact = typed.filter { !$0.isWhitespace && $0 != "-" }
            return compact.count == 8 && compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? compact : nil
        }
        let compact = typed.filter { !$0.isWhitespace }
        return compact.count == 6 && compact.allSatisfy({ $0.isASCII && $0.isNumber }) ? compact : nil
    }

    private static func hint(for strategy: Strategy, askedToResend: Bool) -> String {
        switch strategy {
        case .totp:
            (askedToResend ? "nothing is sent for an authenticator app; " : "")
                + "type the 6 digits your authenticator app shows, or start over"
        case .backupCode:
            (askedToResend ? "backup codes are not sent; " : "")
                + "type one of your backup codes (8 letters or digits), or start over"
        default:
            "a code is the 6 digits we sent; or type resend for a new one, or start over"
        }
    }
}

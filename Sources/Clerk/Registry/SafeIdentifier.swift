import Foundation

/// Compares the `safe_identifier` the API shows for a factor with what the user typed.
enum SafeIdentifier {
    /// Whether `safeIdentifier` names `identifier`: equal ignoring case, or equal after removing
    /// spaces, dashes and parentheses (phone numbers are shown formatted).
    static func names(_ safeIdentifier: String?, _ identifier: String) -> Bool {
        guard let safeIdentifier else { return false }
        if safeIdentifier.caseInsensitiveCompare(identifier) == .orderedSame { return true }
        let strip: (String) -> String = { $0.filter { !" -()".contains($0) }.lowercased() }
        return strip(safeIdentifier) == strip(identifier)
    }
}

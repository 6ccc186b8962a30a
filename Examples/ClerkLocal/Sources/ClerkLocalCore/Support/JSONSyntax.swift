import Foundation

/// Whether a file's bytes parse as JSON at all, and if not, where the parser stopped: what a person
/// fixing a settings or import file needs, without echoing any of its content (it may hold secrets).
public enum JSONSyntax {
    /// Nil when `data` is valid JSON; else "not valid JSON" with the line and column (or the byte) where
    /// parsing stopped, when the parser says.
    public static func problem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return "not valid JSON" + (position(of: error as NSError, in: data).map { " (\($0))" } ?? "")
        }
    }

    private static func position(of error: NSError, in data: Data) -> String? {
        let texts = [error.userInfo[NSDebugDescriptionKey] as? String, error.localizedDescription].compactMap { $0 }
        for text in texts {
            if let match = text.firstMatch(of: /line (\d+), column (\d+)/) {
                return "line \(match.1), column \(match.2)"
            }
        }
        if let index = error.userInfo["NSJSONSerializationErrorIndex"] as? Int {
            return "byte \(index) of \(data.count)"
        }
        if texts.contains(where: { $0.localizedCaseInsensitiveContains("end of") }) {
            return "it ends too early, at byte \(data.count)"
        }
        return nil
    }
}

import Foundation

/// Whether a file's bytes parse as JSON at all, and if not, where the parser stopped: what a person
/// fixing a settings or import file needs, without echoing any of its content (it may hold secrets).
public enum JSONSyntax {
    /// Nil when `data` is valid JSON; else "not valid JSON" with the line and column where parsing
    /// stopped, when the parser says.
    public static func problem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return "not valid JSON" + (position(of: error as NSError, in: data).map { " (\($0))" } ?? "")
        }
    }

    /// The parser's own words name a line and column (Apple platforms), a character offset (Linux:
    /// "around character 43") or the end of the file; the first two become a line and column.
    private static func position(of error: NSError, in data: Data) -> String? {
        let texts = [error.userInfo["NSDebugDescription"] as? String, error.localizedDescription].compactMap { $0 }
        for text in texts {
            if let match = text.firstMatch(of: /line (\d+), column (\d+)/) {
                return "around line \(match.1), column \(match.2)"
            }
            if let match = text.firstMatch(of: /around character (\d+)/), let offset = Int(match.1) {
                return "around " + lineAndColumn(at: offset, in: data)
            }
        }
        if texts.contains(where: { $0.localizedCaseInsensitiveContains("end of file") }) {
            return "it ends too early, at " + lineAndColumn(at: data.count, in: data)
        }
        return nil
    }

    /// `line L, column C` (both from 1) of the byte at `offset`.
    static func lineAndColumn(at offset: Int, in data: Data) -> String {
        let prefix = data.prefix(max(0, min(offset, data.count)))
        let newline = UInt8(ascii: "\n")
        let line = prefix.reduce(1) { $1 == newline ? $0 + 1 : $0 }
        let column = prefix.count - (prefix.lastIndex(of: newline).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }
}

import Foundation

/// Doc comments from schema text, wrapped at about 100 columns.
enum DocCommentEmitter {
    /// The comment lines of `text`: paragraphs (split at blank lines) wrapped at `width`, each line
    /// starting with `marker` (`//` for plain comments).
    static func lines(_ text: String?, width: Int = 100, marker: String = "///") -> [String] {
        guard let text, !text.isEmpty else { return [] }
        var result: [String] = []
        for (index, paragraph) in text.components(separatedBy: "\n\n").enumerated() {
            if index > 0 { result.append(marker) }
            var current = ""
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                if !current.isEmpty, current.count + word.count + 1 > width {
                    result.append(marker + " " + current)
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
            }
            if !current.isEmpty { result.append(marker + " " + current) }
        }
        return result
    }

    /// A member's doc comment: its summary, then a paragraph per note; nil when there is nothing to say.
    static func text(_ documentation: MemberDocumentation) -> String? {
        var parts: [String] = []
        if let summary = documentation.summary { parts.append(summary) }
        if documentation.deprecated { parts.append("Deprecated by the API.") }
        if let note = documentation.extensionNote { parts.append("Not in the spec: \(note)") }
        if documentation.secret { parts.append("A secret: hidden from descriptions and dumps.") }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
}

import Foundation

/// Builds Swift source line by line with four-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: depth) + content + "\n"
        }
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    mutating func doc(_ text: String?) {
        for docLine in DocComment.lines(text) { line(docLine) }
    }
}

/// Doc comments from schema text, wrapped at about 100 columns.
enum DocComment {
    static func lines(_ text: String?, width: Int = 100) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        var result: [String] = []
        for (index, paragraph) in text.components(separatedBy: "\n\n").enumerated() {
            if index > 0 { result.append("///") }
            var current = ""
            for word in paragraph.split(whereSeparator: \.isWhitespace) {
                if !current.isEmpty, current.count + word.count + 1 > width {
                    result.append("/// " + current)
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
            }
            if !current.isEmpty { result.append("/// " + current) }
        }
        return result
    }
}

/// Swift string literals for arbitrary schema text.
enum SwiftLiteral {
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func optionalString(_ value: String?) -> String {
        value.map(string) ?? "nil"
    }
}

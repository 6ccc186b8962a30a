/// Builds Swift source line by line with four-space indentation, within the line length of the
/// repository's `.swift-format`, so that generated code passes `swift-format lint` as it is written.
struct SwiftWriter {
    /// `lineLength` of `.swift-format`.
    static let lineLength = 160

    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: depth) + content + "\n"
        }
    }

    /// Whether `content` fits on one line at the current depth (plus `extraDepth` levels).
    func fits(_ content: String, extraDepth: Int = 0) -> Bool {
        (depth + extraDepth) * 4 + content.count <= Self.lineLength
    }

    /// Writes `head + tail` on one line when it fits, else `head` and then `tail` one level deeper
    /// (as swift-format breaks a call after its opening parenthesis).
    mutating func wrapping(_ head: String, _ tail: String) {
        if fits(head + tail) {
            line(head + tail)
        } else {
            line(head)
            indented { $0.line(tail) }
        }
    }

    /// Writes `body` one level deeper, without braces (the statements under a `case` label).
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        indented(body)
        line("}")
    }

    /// Writes `text` as a `///` doc comment; nothing when it is nil or empty.
    mutating func doc(_ text: String?) {
        for docLine in DocCommentEmitter.lines(text) { line(docLine) }
    }

    /// Writes the elements of a multi-line collection literal, one per line: swift-format wants a
    /// trailing comma after each element of a list of several and none after a single element.
    mutating func elements(_ elements: [String]) {
        for element in elements { line(element + (elements.count > 1 ? "," : "")) }
    }
}

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

    /// Writes `text` as a `///` doc comment; nothing when it is nil or empty.
    mutating func doc(_ text: String?) {
        for docLine in DocCommentEmitter.lines(text) { line(docLine) }
    }
}

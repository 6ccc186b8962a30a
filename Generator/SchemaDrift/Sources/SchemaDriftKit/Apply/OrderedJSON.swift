import Foundation

/// A JSON value that keeps its keys' order and its literals as written, so that a schema file read
/// and written back is byte for byte the same and `--apply` changes only what it adds.
indirect enum OrderedJSON: Equatable {
    case object([(key: String, value: OrderedJSON)])
    case array([OrderedJSON])
    /// A string, number, boolean or null, as its source text (`"idn_\u2026"`, `422`, `true`).
    case literal(String)

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.literal(let left), .literal(let right)): left == right
        default: false
        }
    }

    /// A string literal for `text`, escaped as JSON requires (by Foundation's encoder).
    static func string(_ text: String) -> OrderedJSON {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // Encoding a string cannot fail; the fallback only satisfies the type checker.
        return .literal((try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\"")
    }

    /// The value of a string literal's key, for lookups (`"name"` → `name`); nil for other values.
    var stringValue: String? {
        guard case .literal(let text) = self, text.hasPrefix("\""), text.count >= 2 else { return nil }
        // Names and codes in schema files are plain ASCII: no escapes to undo.
        return String(text.dropFirst().dropLast())
    }

    subscript(key: String) -> OrderedJSON? {
        guard case .object(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The schema files' layout: two-space indentation, one entry per line, `"key": value`.
    func rendered(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .literal(let text):
            return text
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let entries):
            guard !entries.isEmpty else { return "{}" }
            return "{\n" + entries.map { inner + OrderedJSON.string($0.key).rendered() + ": " + $0.value.rendered(indent: inner) }.joined(separator: ",\n")
                + "\n\(indent)}"
        }
    }
}

import ClerkLocalCore
import Mustache

/// HTML escaping by Unicode scalar. swift-mustache's own `HTML` content type compares whole
/// `Character`s with `<`, `>`, `&`, `"` and `'`, so a `<` after U+0600 (a prepended mark) or a `>`
/// or `"` before U+0301 (a combining mark) is one grapheme equal to none of them and passes
/// unescaped, while a browser reads the plain ASCII character. Every template declares
/// `{{% CONTENT_TYPE: HTML_SCALARS}}` (the loader refuses one that does not).
package struct ScalarHTMLEscaping: MustacheContentType {
    package static let name = "HTML_SCALARS"
    package static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    package func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    package static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

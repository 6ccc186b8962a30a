import Foundation

/// A redirect URL taken apart for comparison with `allowed_redirect_urls`: `scheme://host[:port][path][?query][#fragment]`,
/// with no userinfo, no backslash, no whitespace or control character and no dot segment in its path.
///
/// A browser reads `http://localhost:@evil.example/cb` as a URL of `evil.example` (`localhost:` is its
/// userinfo), so a URL is compared by its parts, never as text.
package struct RedirectURL: Sendable, Hashable {
    /// Lowercased.
    package var scheme: String
    /// Lowercased; an IPv6 address keeps its brackets. Empty for `myapp://`.
    package var host: String
    package var port: Int?
    /// As written, `""` when the URL has none.
    package var path: String
    /// Whether a `?` or `#` follows the path.
    package var hasQueryOrFragment: Bool

    /// The parts of `text`, or nil when it is not such a URL.
    package init?(parsing text: String) {
        guard text.utf8.count <= 2_048, text.unicodeScalars.allSatisfy(Self.isAllowed) else { return nil }
        guard let scheme = Self.scheme(of: text) else { return nil }
        let rest = text.dropFirst(scheme.count + 1)
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex(where: { "/?#".contains($0) }) ?? afterSlashes.endIndex
        guard let authority = Self.authority(afterSlashes[..<authorityEnd]),
            !authority.host.isEmpty || !Self.webSchemes.contains(scheme)
        else { return nil }
        let tail = afterSlashes[authorityEnd...]
        let pathEnd = tail.firstIndex(where: { "?#".contains($0) }) ?? tail.endIndex
        let path = String(tail[..<pathEnd])
        guard !Self.hasDotSegment(path) else { return nil }
        self.scheme = scheme
        self.host = authority.host
        self.port = authority.port
        self.path = path
        self.hasQueryOrFragment = pathEnd != tail.endIndex
    }

    /// The lowercased scheme of `text` (`scheme:` followed by more), or nil.
    package static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Whether this URL is `entry` or lies under it: the same scheme and host, the entry's port (any
    /// port when the entry names none), and a path equal to the entry's or continuing it after `/`.
    /// An app's own scheme with no host (`myapp://`) takes every URL of that scheme.
    package func isWithin(_ entry: RedirectURL) -> Bool {
        guard scheme == entry.scheme, !entry.hasQueryOrFragment else { return false }
        if entry.host.isEmpty && !Self.webSchemes.contains(scheme) && entry.path.isEmpty { return true }
        guard host == entry.host else { return false }
        if let port = entry.port, effectivePort != port { return false }
        if entry.path.isEmpty || entry.path == "/" || path == entry.path { return true }
        let base = entry.path.hasSuffix("/") ? entry.path : entry.path + "/"
        return path.hasPrefix(base)
    }

    private static let webSchemes: Set<String> = ["http", "https"]

    private var defaultPort: Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }

    private var effectivePort: Int? { port ?? defaultPort }

    /// Printable ASCII without a backslash or a space: a browser drops tabs and newlines from a URL and reads
    /// `\` as `/`, so each would make it mean something other than what is compared.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F && scalar != "\\"
    }

    /// The host and port of an authority with no userinfo: `host`, `host:port` or `[v6]:port`; only
    /// digits may follow the host's `:`.
    private static func authority(_ authority: Substring) -> (host: String, port: Int?)? {
        guard !authority.contains("@") else { return nil }
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let inside = authority[authority.index(after: authority.startIndex)..<close]
            guard inside.contains(":"), inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else {
            let colon = authority.firstIndex(of: ":")
            host = authority[..<(colon ?? authority.endIndex)]
            portText = colon.map { authority[authority.index(after: $0)...] }
            guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._".contains($0) }) else { return nil }
        }
        guard let portText else { return (host.lowercased(), nil) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ ("0"..."9").contains($0) }),
            let port = Int(portText), port <= 65_535, !host.isEmpty
        else { return nil }
        return (host.lowercased(), port)
    }

    /// Whether a segment of `path` is `.` or `..`, written plainly or percent-encoded.
    private static func hasDotSegment(_ path: String) -> Bool {
        path.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
            let decoded = segment.lowercased().replacingOccurrences(of: "%2e", with: ".")
            return decoded == "." || decoded == ".."
        }
    }
}

import Foundation

/// Whether a `redirect_url` may be used: an absolute URL with a scheme a browser may be sent to, that
/// equals an entry of `allowed_redirect_urls` or continues one after `/`, `:`, `?` or `#`.
package enum RedirectURLRule {
    /// Schemes that would run code or read local files where the browser lands.
    private static let prohibitedSchemes: Set<String> = ["javascript", "data", "file", "vbscript", "blob", "about"]

    /// The refusal for `url`, or nil when it may be used.
    package static func refusal(of url: String, allowed: [String]) -> FrontendError? {
        guard url.count <= 2_048, let scheme = pattern(url) else {
            return FrontendError(.invalidRedirectURL, paramName: "redirect_url")
        }
        if prohibitedSchemes.contains(scheme) {
            return FrontendError(.prohibitedRedirectURL, paramName: "redirect_url")
        }
        guard allowed.contains(where: { matches(url, $0) }) else {
            var error = FrontendError(.invalidRedirectURL, paramName: "redirect_url")
            error.longMessage = "The redirect URL is not one of this instance's allowed_redirect_urls."
            return error
        }
        return nil
    }

    /// The lowercased scheme of an absolute URL (`scheme:` followed by more), or nil.
    package static func pattern(_ url: String) -> String? {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex, url.index(after: colon) != url.endIndex else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.unicodeScalars.first, CharacterSet.letters.contains(first),
            scheme.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0) }),
            !url.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) })
        else { return nil }
        return scheme.lowercased()
    }

    private static func matches(_ url: String, _ entry: String) -> Bool {
        guard url.lowercased().hasPrefix(entry.lowercased()) else { return false }
        if url.count == entry.count || entry.hasSuffix("/") { return true }
        let next = url[url.index(url.startIndex, offsetBy: entry.count)]
        return "/:?#".contains(next)
    }
}

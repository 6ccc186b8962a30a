/// Whether a `redirect_url` may be used: a URL with a scheme a browser may be sent to that lies within an
/// entry of `allowed_redirect_urls` (``RedirectURL/isWithin(_:)``). One rule for every surface that takes
/// one: browser sign-in and sign-up, connecting an account, email links and invitations.
package enum RedirectURLRule {
    /// Schemes that would run code or read local files where the browser lands.
    private static let prohibitedSchemes: Set<String> = ["javascript", "data", "file", "vbscript", "blob", "about"]

    /// The refusal for `url`, or nil when it may be used.
    package static func refusal(of url: String, allowed: [String]) -> FrontendError? {
        guard let scheme = RedirectURL.scheme(of: url) else { return FrontendError(.invalidRedirectURL, paramName: "redirect_url") }
        if prohibitedSchemes.contains(scheme) {
            return FrontendError(.prohibitedRedirectURL, paramName: "redirect_url")
        }
        guard let parsed = RedirectURL(parsing: url) else {
            var error = FrontendError(.invalidRedirectURL, paramName: "redirect_url")
            error.longMessage = "The redirect URL must be scheme://host[:port][/path] with no user name, backslash or control character."
            return error
        }
        guard allowed.compactMap(RedirectURL.init(parsing:)).contains(where: parsed.isWithin) else {
            var error = FrontendError(.invalidRedirectURL, paramName: "redirect_url")
            error.longMessage = "The redirect URL is not one of this instance's allowed_redirect_urls."
            return error
        }
        return nil
    }

    /// Why `entry` cannot be an entry of `allowed_redirect_urls`, or nil.
    package static func entryProblem(_ entry: String) -> String? {
        guard let parsed = RedirectURL(parsing: entry) else {
            return "is not an absolute URL scheme://host[:port][/path] (no user name, backslash or control character)"
        }
        if parsed.hasQueryOrFragment { return "has a query or fragment (an entry is a scheme, host, port and path prefix)" }
        return nil
    }
}

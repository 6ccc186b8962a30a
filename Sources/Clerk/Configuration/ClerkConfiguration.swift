import Foundation

/// Where the Frontend API lives and how to talk to it.
///
/// Build it from a publishable key, or from an explicit Frontend API URL (for a proxy or a
/// local server). Plain `http` is accepted only for loopback hosts (127.0.0.0/8, `::1`,
/// `localhost`); any other `http` URL is refused.
public struct ClerkConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// The API version every request names in the `clerk-api-version` header.
    public static let apiVersion = "2026-05-12"

    /// The Frontend API base URL, without a trailing slash.
    public let frontendAPIURL: URL
    /// The publishable key the configuration came from, if any.
    public let publishableKey: PublishableKey?

    /// A configuration for the instance a publishable key names.
    /// - Throws: `ClerkError.configuration` when the key is malformed.
    public init(publishableKey: String) throws(ClerkError) {
        let key = try PublishableKey(publishableKey)
        self.publishableKey = key
        self.frontendAPIURL = key.frontendAPIURL
    }

    /// A configuration for an explicit Frontend API URL.
    /// - Throws: `ClerkError.configuration` when the URL has no host, uses a scheme other than
    ///   `https`, or uses `http` for a host that is not loopback.
    public init(frontendAPIURL: URL) throws(ClerkError) {
        guard let components = URLComponents(url: frontendAPIURL, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else {
            throw .configuration(.invalidFrontendAPIURL(reason: "the URL needs a scheme and a host"))
        }
        guard components.query == nil, components.fragment == nil, components.user == nil, components.password == nil else {
            throw .configuration(.invalidFrontendAPIURL(reason: "the URL must not carry a query, fragment or credentials"))
        }
        switch scheme {
        case "https":
            break
        case "http":
            guard HostName.isLoopback(host) else {
                throw .configuration(.insecureFrontendAPIURL(host: host))
            }
        default:
            throw .configuration(.invalidFrontendAPIURL(reason: "the scheme must be https (or http for a loopback host)"))
        }
        var text = frontendAPIURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let normalized = URL(string: text) else {
            throw .configuration(.invalidFrontendAPIURL(reason: "the URL cannot be normalized"))
        }
        self.frontendAPIURL = normalized
        self.publishableKey = nil
    }

    /// A configuration for an explicit Frontend API URL given as text.
    public init(frontendAPIURL text: String) throws(ClerkError) {
        guard let url = URL(string: text) else {
            throw .configuration(.invalidFrontendAPIURL(reason: "'\(text)' is not a URL"))
        }
        try self.init(frontendAPIURL: url)
    }

    /// The Frontend API URL, as `ClerkConfiguration(https://…)`.
    public var description: String { "ClerkConfiguration(\(frontendAPIURL.absoluteString))" }
}

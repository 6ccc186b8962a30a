import ClerkLocalCore
import Foundation

/// How the server faces the network: the URL it is known by, the secret key that guards its own
/// endpoints off loopback, how long a connection may sit idle, and whether requests are logged.
public struct ListeningOptions: Sendable {
    /// The URL apps reach the server at (an `https` reverse proxy, say): the tokens' `iss` and the
    /// publishable key name it. nil: the bound address (a wildcard address names loopback).
    public var publicURL: URL?
    /// `sk_test_…`. Required to listen off loopback; `/__local/*` then asks for it as a Bearer token
    /// from any caller that does not reach the server over loopback.
    public var secretKey: String?
    /// A connection that sends nothing for this long (no request, or a request that stalls before
    /// its head is complete) is closed.
    public var idleTimeout: Duration
    /// A request whose head and body have not all arrived this long after its first byte has its
    /// connection closed (a client trickling bytes is not idle, so `idleTimeout` never closes it).
    public var requestDeadline: Duration
    /// Log one line per request at `info` (method, path, status, time, client abbreviated).
    public var logsRequests: Bool

    public init(
        publicURL: URL? = nil, secretKey: String? = nil, idleTimeout: Duration = .seconds(30), logsRequests: Bool = false,
        requestDeadline: Duration = .seconds(30)
    ) {
        self.publicURL = publicURL
        self.secretKey = secretKey
        self.idleTimeout = idleTimeout
        self.logsRequests = logsRequests
        self.requestDeadline = requestDeadline
    }

    /// Refuses, before anything listens, a non-loopback address without a secret key, a key that
    /// is not a test secret key, and a public URL that is not a bare `http(s)` origin.
    package func validate(host: String) throws(LocalServerError) {
        if let secretKey {
            guard secretKey.hasPrefix("sk_test_"), secretKey.count >= "sk_test_".count + 16,
                secretKey.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw LocalServerError(code: "secret_key_invalid", message: "the secret key must be sk_test_ followed by at least 16 letters or digits")
            }
        } else if !LocalAccess.isLoopbackName(host) {
            throw LocalServerError(
                code: "secret_key_required",
                message:
                    "listening on \(host) exposes the server beyond this machine; give it a secret key (sk_test_…) to guard its admin endpoints, or listen on 127.0.0.1"
            )
        }
        if let publicURL {
            guard let scheme = publicURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
                publicURL.host?.isEmpty == false, publicURL.path.isEmpty || publicURL.path == "/",
                publicURL.query == nil, publicURL.fragment == nil, publicURL.user == nil
            else {
                throw LocalServerError(code: "public_url_invalid", message: "the public URL must be an http or https origin such as https://clerk.example.test")
            }
        }
    }

    /// The server's URL without a trailing slash.
    package func baseURL(host: String, port: Int) -> String {
        if let publicURL {
            var text = publicURL.absoluteString
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }
        let named =
            switch host {
            case "0.0.0.0", "": "127.0.0.1"
            case "::": "::1"
            default: host
            }
        let urlHost = named.contains(":") ? "[\(named)]" : named
        return "http://\(urlHost):\(port)"
    }
}

import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// Who may use the emulator's own endpoints (`/__local/*`: the outbox, seeding, reset).
///
/// They are for the developer's own tools, so they refuse what a web page or another machine
/// would send: a `Host` that is neither a loopback name nor the public URL's host (DNS rebinding),
/// an `Origin` other than the server's own (a cross-site request from a page in the developer's
/// browser), and writes that are not `application/json` (the only bodies such a page cannot send
/// without a CORS preflight, which this server never grants). A request that did not reach the
/// server over loopback must also carry the secret key as a Bearer token; without a key it is refused.
package struct LocalAccess: Sendable {
    /// The public URL (`iss`, the publishable key): its origin is the server's own.
    package var publicURL: URL
    /// The port the server listens on, which loopback origins name.
    package var port: Int?
    /// `sk_test_…`; required off loopback.
    package var secretKey: String?

    /// What a request shows of itself, as the guard needs it.
    package struct Caller: Sendable {
        package var isWrite: Bool
        /// The `Host` (HTTP/1.1) or `:authority`, as sent.
        package var authority: String?
        package var origin: String?
        package var contentType: String?
        package var authorization: String?
        /// The peer is a loopback address, or there is no socket (in-process).
        package var peerIsLoopback: Bool
        /// The dashboard's routes, whose own page posts forms: those writes may be
        /// `application/x-www-form-urlencoded` when they name the server's own `Origin` (the routes
        /// also check the form's token).
        package var acceptsOwnFormPosts = false
    }

    /// nil when the request may go on; otherwise the refusal to answer with.
    package func refusal(for caller: Caller) -> FrontendError? {
        if let refusal = foreignPageRefusal(for: caller) { return refusal }
        let hostname = caller.authority.map(Self.hostname(ofAuthority:))
        let overLoopback = caller.peerIsLoopback && (hostname.map(Self.isLoopbackName) ?? true)
        if !overLoopback {
            guard let secretKey else {
                return FrontendError(
                    .resourceForbidden, status: 403, longMessage: "The emulator's own endpoints answer only over loopback unless the server has a secret key.")
            }
            guard let presented = Self.bearer(caller.authorization), ConstantTime.equals(presented, secretKey) else {
                return FrontendError(
                    .authenticationInvalid, status: 401, longMessage: "Off loopback, the emulator's own endpoints require the secret key as a Bearer token.")
            }
        }
        if caller.isWrite, caller.acceptsOwnFormPosts, caller.origin != nil,
            caller.contentType.flatMap({ MediaType(from: $0) })?.isSameType(as: .applicationUrlEncoded) == true
        {
            return nil
        }
        if caller.isWrite {
            guard caller.contentType.flatMap({ MediaType(from: $0) })?.isSameType(as: .applicationJson) == true else {
                return FrontendError(
                    .unsupportedContentType, status: 415,
                    longMessage:
                        "Content-Type \(caller.contentType ?? "(none)") is unsupported. You should use application/json instead: the emulator's own endpoints take JSON bodies."
                )
            }
        }
        return nil
    }

    /// The refusal of a request a web page made or steered: a `Host` that is neither a loopback name nor
    /// the public URL's host (DNS rebinding), or an `Origin` other than the server's own. Also what
    /// guards the built-in OAuth provider's pages, which answer loopback peers without the secret key.
    package func foreignPageRefusal(for caller: Caller) -> FrontendError? {
        let hostname = caller.authority.map(Self.hostname(ofAuthority:))
        if let hostname, !Self.isLoopbackName(hostname), hostname != publicURL.host?.lowercased() {
            return FrontendError(.hostInvalid, status: 400, longMessage: "The Host header names neither a loopback address nor this server's public URL.")
        }
        if let origin = caller.origin, !isOwnOrigin(origin) {
            return FrontendError(.originInvalid, status: 403, longMessage: "The emulator's own endpoints refuse requests from other origins.")
        }
        return nil
    }

    /// The public URL's origin, or a loopback name on the port the server listens on.
    package func isOwnOrigin(_ origin: String) -> Bool {
        guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
            url.path.isEmpty || url.path == "/"
        else { return false }
        let originPort = url.port ?? Self.defaultPort(scheme)
        if scheme == publicURL.scheme?.lowercased(), host == publicURL.host?.lowercased(),
            originPort == publicURL.port ?? Self.defaultPort(scheme)
        {
            return true
        }
        return scheme == "http" && Self.isLoopbackName(host) && port != nil && originPort == port
    }

    package static func isLoopbackName(_ hostname: String) -> Bool {
        LoopbackAddress.isLoopback(hostname)
    }

    /// `example.com:8787` → `example.com`; `[::1]:8787` → `::1`.
    package static func hostname(ofAuthority authority: String) -> String {
        let trimmed = authority.lowercased()
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        }
        if let colon = trimmed.lastIndex(of: ":") { return String(trimmed[..<colon]) }
        return trimmed
    }

    private static func bearer(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst(7))
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }
}

/// What the HTTP layer knows about the caller.
package struct RequestMeta: Sendable {
    /// The raw client token from the `Authorization` header.
    package var token: String?
    /// The peer address, rate-limit key for requests made before a client exists.
    package var remoteAddress: String
    package init(token: String? = nil, remoteAddress: String) {
        self.token = token
        self.remoteAddress = remoteAddress
    }
}

/// What the HTTP layer knows about the caller.
package struct RequestMeta: Sendable {
    /// The raw client token from the `Authorization` header.
    package var token: String?
    /// A development browser's token (`__clerk_db_jwt`, or the older `__dev_session`): when present it,
    /// not `token`, names the client.
    package var devBrowserToken: String?
    /// The peer address, rate-limit key for requests made before a client exists.
    package var remoteAddress: String
    package init(token: String? = nil, devBrowserToken: String? = nil, remoteAddress: String) {
        self.token = token
        self.devBrowserToken = devBrowserToken
        self.remoteAddress = remoteAddress
    }
}

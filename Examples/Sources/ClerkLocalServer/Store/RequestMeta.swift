/// What the HTTP layer knows about the caller.
struct RequestMeta: Sendable {
    /// The raw client token from the `Authorization` header.
    var token: String?
    /// The peer address, rate-limit key for requests made before a client exists.
    var remoteAddress: String
}

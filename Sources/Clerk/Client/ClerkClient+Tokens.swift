import Foundation

extension ClerkClient {
    /// A session token for `sessionID` (the active session when nil), from the cache when it
    /// has more than `tokenPolicy.refreshLeeway` left, otherwise from the server
    /// (`POST /v1/client/sessions/{id}/tokens`, or `…/tokens/{template}` with a template).
    ///
    /// - One cache per client, keyed by session, organization and template; concurrent callers
    ///   of one key share one request.
    /// - The first token costs no request: every answer that shows a session carries its
    ///   `last_active_token`, which is cached for that session's default key (no organization,
    ///   no template) when the client state is applied, so the call right after a sign-in, a
    ///   sign-up or `restore()` sends nothing. It is taken only when its `sid` names the session,
    ///   its expiry is readable, and more than `refreshLeeway` is left before its `exp` on this
    ///   device's clock; no `tokenRefreshed` event is reported for it.
    /// - When the server cannot be reached (transport failure, 429, 5xx) a cached token that
    ///   is still valid is returned. After a failure the key backs off (`tokenPolicy`): until
    ///   the backoff ends, calls answer from the cache or rethrow the last error without a request.
    /// - A token whose payload has no readable `exp` is returned but not cached
    ///   (`SessionToken.uncacheableReason` says why).
    /// - An answer saying the session is gone (401, 404 `resource_not_found`) ends it locally:
    ///   its tokens are dropped and `authEvents()` reports `sessionRevoked`.
    ///
    /// - Parameters:
    ///   - sessionID: the session; the active one when nil.
    ///   - organizationID: the organization the token is for (nil: the session's active one,
    ///     empty: the personal account). Not with a template.
    ///   - template: a JWT template's name.
    ///   - skipCache: fetch a new token even when a fresh one is cached (the backoff still applies).
    /// - Throws: `ClerkError.flow(.noSession)` without a session; `.invalidInput` for an empty
    ///   template or a template with an organization; otherwise what the request threw.
    public func sessionToken(
        sessionID: String? = nil, organizationID: String? = nil, template: String? = nil, skipCache: Bool = false
    ) async throws(ClerkError) -> SessionToken {
        let active = sessionID == nil ? await activeSession?.id : nil
        guard let id = sessionID ?? active else { throw .flow(.noSession) }
        if let template {
            guard !template.isEmpty else { throw .invalidInput(InvalidInput(field: "template_name", reason: "is empty")) }
            guard organizationID == nil else {
                throw .invalidInput(InvalidInput(field: "organization_id", reason: "a template token takes the session's active organization"))
            }
        }
        let key = SessionTokenKey(sessionID: id, organizationID: organizationID, template: template)
        return try await tokens.token(for: key, skipCache: skipCache) { [self] () async throws(ClerkError) -> TokenResource in
            try await aboutSession(key.sessionID, notFoundMeansGone: key.template == nil) { () async throws(ClerkError) -> TokenResource in
                if let template = key.template {
                    return try await send(CreateSessionTokenWithTemplateRequest(sessionID: key.sessionID, templateName: template))
                }
                return try await send(CreateSessionTokenRequest(sessionID: key.sessionID, body: .init(organizationID: key.organizationID)))
            }
        }
    }

    /// The cached token for `key` when it is still valid now, without any request.
    public func cachedSessionToken(for key: SessionTokenKey) -> SessionToken? {
        tokens.cached(for: key)
    }

    /// Drops every cached session token (they are fetched again when next asked for).
    public func clearSessionTokens() {
        tokens.removeAll()
        log("session tokens cleared")
    }
}

extension ClerkError {
    /// Whether the server could not be reached or could not answer (transport failure, 429, 5xx).
    var meansServerUnreachable: Bool {
        switch self {
        case .transport: return true
        case .api, .undecodableResponse:
            guard let status = httpStatus else { return false }
            return status == 429 || (500...599).contains(status)
        default: return false
        }
    }
}

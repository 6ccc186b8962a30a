import Foundation

extension InstanceRules {
    /// Counts an identity-token request against its client (or address) before its token is verified, so
    /// that a stream of junk tokens meets the rate limit as any other attempt does.
    package mutating func admitIdentityToken(_ meta: RequestMeta) throws(FrontendError) {
        try admit(meta)
    }

    /// Counts the request against its client (or address) and, when it names one, its identifier and
    /// the account behind it: an account's email, phone and username share one budget, so switching
    /// identifiers does not buy more attempts. `clientCounted`: the request was counted against its client
    /// already (before work done outside the store, such as verifying an identity token).
    mutating func admit(_ meta: RequestMeta, identifier: String? = nil, account: String? = nil, clientCounted: Bool = false) throws(FrontendError) {
        let clientKey = try client(for: meta).map { "client:" + $0.id } ?? "address:" + meta.remoteAddress
        let settings = self.settings
        if !clientCounted, let wait = state.rateLimiter.admit(clientKey, limit: settings.rateLimits.perClient, now: now) {
            throw .tooManyRequests(retryAfter: wait)
        }
        let identifierKey = identifier.map(Self.identifierKey) ?? ""
        if !identifierKey.isEmpty,
            let wait = state.rateLimiter.admit("identifier:" + identifierKey, limit: settings.rateLimits.perIdentifier, now: now)
        {
            throw .tooManyRequests(retryAfter: wait)
        }
        if let accountID = account ?? state.directory.userID(forIdentifierKey: identifierKey),
            let wait = state.rateLimiter.admit("account:" + accountID, limit: settings.rateLimits.perIdentifier, now: now)
        {
            throw .tooManyRequests(retryAfter: wait)
        }
    }

    private static func identifierKey(_ identifier: String) -> String {
        let trimmed = identifier.trimmingWhitespace()
        if IdentifierFormat.kind(of: trimmed) == .emailAddress { return IdentifierFormat.normalizedEmail(trimmed) }
        return IdentifierFormat.normalizedPhone(trimmed) ?? trimmed.lowercased()
    }
}

import Foundation

/// The session tokens of one `ClerkClient`, keyed by session, organization and template, with
/// each key's backoff after failed fetches. A value type: ``SessionTokens`` keeps it behind its lock.
struct TokenCache {
    /// Consecutive failures of one key and when the next fetch may go out.
    struct Backoff: Sendable, Hashable {
        var failures: Int
        var retryAt: Date
        var lastError: ClerkError
    }

    private(set) var tokens: [SessionTokenKey: SessionToken] = [:]
    private(set) var backoffs: [SessionTokenKey: Backoff] = [:]
    /// Bumped whenever tokens are dropped, so that a fetch started before cannot put back a
    /// token of a session that has since ended or been switched away from.
    private(set) var generation = 0

    /// The cached token for `key` when it is still valid at `date`.
    func validToken(for key: SessionTokenKey, at date: Date) -> SessionToken? {
        guard let token = tokens[key], token.isValid(at: date) else { return nil }
        return token
    }

    /// The cached token for `key` when more than `leeway` of it is left at `date`.
    func freshToken(for key: SessionTokenKey, at date: Date, leeway: Duration) -> SessionToken? {
        guard let token = tokens[key], let expiresAt = token.expiresAt,
            expiresAt.timeIntervalSince(date) > leeway.seconds
        else { return nil }
        return token
    }

    /// The backoff of `key` when it still holds at `date`.
    func activeBackoff(for key: SessionTokenKey, at date: Date) -> Backoff? {
        guard let backoff = backoffs[key], backoff.retryAt > date else { return nil }
        return backoff
    }

    /// Keeps `token` (when cacheable) and clears the key's backoff, unless tokens were dropped
    /// since `generation` was read. Returns whether it was kept.
    @discardableResult
    mutating func store(_ token: SessionToken, ifGeneration expected: Int) -> Bool {
        backoffs[token.key] = nil
        guard expected == generation, token.isCacheable else { return false }
        tokens[token.key] = token
        return true
    }

    /// Keeps `token`, carried by a client state. Backoffs stay: the token did not come from the
    /// token endpoint. Returns whether it was kept.
    @discardableResult
    mutating func seed(_ token: SessionToken) -> Bool {
        guard token.isCacheable else { return false }
        tokens[token.key] = token
        return true
    }

    /// Whether a token is cached for `key` (valid or not).
    func holdsToken(for key: SessionTokenKey) -> Bool {
        tokens[key] != nil
    }

    /// Counts a failure of `key` and returns its new backoff.
    mutating func recordFailure(
        of key: SessionTokenKey, error: ClerkError, at date: Date, policy: SessionTokenPolicy, random: Double
    ) -> Backoff {
        let failures = (backoffs[key]?.failures ?? 0) + 1
        var delay = policy.jitteredBackoff(afterFailures: failures, random: random)
        if let retryAfter = error.retryAfter, retryAfter > delay { delay = min(retryAfter, policy.backoffMax) }
        let backoff = Backoff(failures: failures, retryAt: date.addingTimeInterval(delay.seconds), lastError: error)
        backoffs[key] = backoff
        return backoff
    }

    /// Drops every token and backoff of `sessionID`.
    mutating func remove(sessionID: String) {
        tokens = tokens.filter { $0.key.sessionID != sessionID }
        backoffs = backoffs.filter { $0.key.sessionID != sessionID }
        generation += 1
    }

    /// Drops every token and backoff.
    mutating func removeAll() {
        tokens = [:]
        backoffs = [:]
        generation += 1
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }

    /// A duration of `interval` seconds (zero for negative or non-finite intervals).
    init(timeInterval interval: TimeInterval) {
        guard interval.isFinite, interval > 0 else {
            self = .zero
            return
        }
        self = .milliseconds(Int64((interval * 1000).rounded(.up)))
    }
}

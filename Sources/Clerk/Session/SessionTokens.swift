import ClerkAPI
import Foundation

/// The session tokens of one ``ClerkClient``, on their own: the cache (keyed by session,
/// organization and template, with each key's backoff), the fetches in flight (one per key), and
/// the background refresh of the active session's token.
///
/// It is a lock, not an actor, so that ``ClientState`` changes it in the same step as the state it
/// applies (tokens of an ended session dropped, the tokens a client state carries cached, the
/// refresh following the active session): no caller ever sees one without the other. Requests go
/// through the `fetch` closures it is given; it sends nothing itself.
final class SessionTokens: Sendable {
    struct State {
        var cache = TokenCache()
        var fetches: [SessionTokenKey: Task<Result<SessionToken, ClerkError>, Never>] = [:]
        var refresh = TokenRefreshState()
    }

    let state = Protected(State())
    let policy: SessionTokenPolicy
    let clock: any WallClock
    let sleeper: any Sleeper
    let events: Broadcast<AuthEvent>
    let log: @Sendable (String) -> Void

    init(policy: SessionTokenPolicy, clock: any WallClock, sleeper: any Sleeper, events: Broadcast<AuthEvent>, log: @escaping @Sendable (String) -> Void) {
        self.policy = policy
        self.clock = clock
        self.sleeper = sleeper
        self.events = events
        self.log = log
    }

    deinit {
        cancelRefresh()
    }

    /// Ends the refresh loop (the client is released).
    func cancelRefresh() {
        state.withValue { $0.refresh.task?.cancel() }
    }

    /// The token for `key`: the cached one while it has more than `refreshLeeway` left (unless
    /// `skipCache`), else the one `fetch` gets; during a backoff the cached one while still valid,
    /// else the last error, without a request. Concurrent callers of one key share one fetch.
    func token(
        for key: SessionTokenKey, skipCache: Bool, fetch: @escaping @Sendable () async throws(ClerkError) -> TokenResource
    ) async throws(ClerkError) -> SessionToken {
        let now = clock.now()
        enum Lookup {
            case cached(SessionToken)
            case backingOff(TokenCache.Backoff, valid: SessionToken?)
            case fetch(Task<Result<SessionToken, ClerkError>, Never>, joined: Bool)
        }
        let lookup: Lookup = state.withValue { state in
            if !skipCache, let fresh = state.cache.freshToken(for: key, at: now, leeway: policy.refreshLeeway) { return .cached(fresh) }
            if let backoff = state.cache.activeBackoff(for: key, at: now) {
                return .backingOff(backoff, valid: state.cache.validToken(for: key, at: now))
            }
            if let running = state.fetches[key] { return .fetch(running, joined: true) }
            let task = Task { await self.fetch(key, with: fetch) }
            state.fetches[key] = task
            return .fetch(task, joined: false)
        }
        switch lookup {
        case .cached(let token):
            return token
        case .backingOff(let backoff, let valid?):
            log("token \(key): backing off after \(backoff.failures) failure(s); the cached token is still valid")
            return valid
        case .backingOff(let backoff, nil):
            log("token \(key): backing off after \(backoff.failures) failure(s); no request sent")
            throw backoff.lastError
        case .fetch(let task, let joined):
            if joined { log("token \(key): joining the request in flight") }
            return try await task.value.get()
        }
    }

    private func fetch(_ key: SessionTokenKey, with fetch: @Sendable () async throws(ClerkError) -> TokenResource) async -> Result<SessionToken, ClerkError> {
        let generation = state.withValue { $0.cache.generation }
        defer { state.withValue { _ = $0.fetches.removeValue(forKey: key) } }
        do throws(ClerkError) {
            let resource = try await fetch()
            let token = SessionToken(jwt: resource.jwt, key: key, receivedAt: clock.now())
            let kept = state.withValue { $0.cache.store(token, ifGeneration: generation) }
            if !kept, let reason = token.uncacheableReason {
                log("token \(key): not cached: \(reason.description)")
            }
            events.send(.tokenRefreshed(key, expiresAt: token.expiresAt))
            return .success(token)
        } catch {
            if error == .cancelled || SessionRefusal.reason(for: error, sessionScoped: true, notFoundMeansGone: key.template == nil) != nil {
                return .failure(error)
            }
            let now = clock.now()
            let random = Double.random(in: 0...1)
            let (backoff, valid) = state.withValue { state in
                (
                    state.cache.recordFailure(of: key, error: error, at: now, policy: policy, random: random),
                    state.cache.validToken(for: key, at: now)
                )
            }
            log("token \(key): failure \(backoff.failures); next request after \(backoff.retryAt.timeIntervalSince(now)) s")
            if error.meansServerUnreachable, let valid {
                log("token \(key): the server is unreachable; the cached token is still valid")
                return .success(valid)
            }
            return .failure(error)
        }
    }

    /// The cached token for `key` when it is still valid now.
    func cached(for key: SessionTokenKey) -> SessionToken? {
        state.withValue { $0.cache.validToken(for: key, at: clock.now()) }
    }

    /// The key's backoff when it still holds now.
    func activeBackoff(for key: SessionTokenKey) -> TokenCache.Backoff? {
        state.withValue { $0.cache.activeBackoff(for: key, at: clock.now()) }
    }

    /// Drops every token and backoff of `sessionID`.
    func remove(sessionID: String) {
        state.withValue { $0.cache.remove(sessionID: sessionID) }
    }

    /// Drops every token and backoff.
    func removeAll() {
        state.withValue { $0.cache.removeAll() }
    }

    /// Caches the tokens `sessions` carry (see `TokenCache.seed(carriedBy:previous:receivedAt:leeway:)`).
    func seed(carriedBy sessions: [Session], previous: ClientResource?) {
        let now = clock.now()
        let notes = state.withValue { $0.cache.seed(carriedBy: sessions, previous: previous, receivedAt: now, leeway: policy.refreshLeeway) }
        for note in notes { log(note) }
    }
}

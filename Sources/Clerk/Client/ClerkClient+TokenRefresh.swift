import Foundation

extension ClerkClient {
    /// Keeps the active session's token fresh in the background until `stopTokenRefresh()`:
    /// the next token is fetched `tokenPolicy.refreshLeeway` before the cached one expires, so
    /// `sessionToken()` answers from the cache. Nothing runs while there is no active session;
    /// the refresh starts when one appears, follows a switch, and stops at sign-out or
    /// revocation. After a failure it waits out the key's backoff. It waits with the injected
    /// `sleeper` and reads time from the injected `clock`. Calling it again changes nothing.
    public func startTokenRefresh() {
        guard !tokenRefresh.wanted else { return }
        tokenRefresh.wanted = true
        log("token refresh: started")
        followActiveSessionWithRefresh()
    }

    /// Stops the background token refresh. Cached tokens stay.
    public func stopTokenRefresh() {
        tokenRefresh.wanted = false
        log("token refresh: stopped")
        followActiveSessionWithRefresh()
    }

    /// Whether a background refresh loop is running (it is wanted and there is an active session).
    public var isRefreshingTokens: Bool { tokenRefresh.task != nil }

    /// Starts, moves or stops the refresh loop so that it runs for the active session exactly
    /// when it is wanted.
    func followActiveSessionWithRefresh() {
        let target = tokenRefresh.wanted ? activeSession?.id : nil
        guard target != tokenRefresh.sessionID || (target != nil && tokenRefresh.task == nil) else { return }
        tokenRefresh.task?.cancel()
        tokenRefresh.task = nil
        tokenRefresh.sessionID = target
        guard let target else { return }
        log("token refresh: following \(target)")
        let sleeper = self.sleeper
        tokenRefresh.task = Task { [weak self] in
            while !Task.isCancelled {
                guard let delay = await self?.refreshStep(for: target) else { return }
                do {
                    try await sleeper.sleep(for: delay)
                } catch {
                    return
                }
            }
        }
    }

    /// Makes sure the session's token is fresh and returns how long to wait before the next
    /// step; nil when the loop should end (the session is no longer the one followed).
    private func refreshStep(for sessionID: String) async -> Duration? {
        guard tokenRefresh.sessionID == sessionID, !Task.isCancelled else { return nil }
        let key = SessionTokenKey(sessionID: sessionID)
        do throws(ClerkError) {
            let token = try await sessionToken(sessionID: sessionID)
            guard tokenRefresh.sessionID == sessionID else { return nil }
            return nextRefresh(after: token)
        } catch {
            guard tokenRefresh.sessionID == sessionID, error != .cancelled else { return nil }
            let now = clock.now()
            let wait = sessionTokens.activeBackoff(for: key, at: now).map { Duration(timeInterval: $0.retryAt.timeIntervalSince(now)) }
            log("token refresh: \(error.description)")
            return max(wait ?? tokenPolicy.backoffBase, tokenPolicy.minimumRefreshInterval)
        }
    }

    private func nextRefresh(after token: SessionToken) -> Duration {
        guard let expiresAt = token.expiresAt else { return tokenPolicy.fallbackRefreshInterval }
        let due = expiresAt.timeIntervalSince(clock.now()) - tokenPolicy.refreshLeeway.seconds
        return max(Duration(timeInterval: due), tokenPolicy.minimumRefreshInterval)
    }
}

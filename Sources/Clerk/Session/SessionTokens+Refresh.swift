import Foundation

extension SessionTokens {
    /// Wants the background refresh, fetching with `fetch` (the client's `sessionToken(sessionID:)`),
    /// and starts it for `activeSessionID`. Returns false (changing nothing) when it was already wanted.
    @discardableResult
    func startRefresh(
        following activeSessionID: String?, fetch: @escaping @Sendable (String) async throws(ClerkError) -> SessionToken
    ) -> Bool {
        let started = state.withValue { state in
            guard !state.refresh.wanted else { return false }
            state.refresh.wanted = true
            state.refresh.fetch = fetch
            return true
        }
        guard started else { return false }
        log("token refresh: started")
        follow(activeSessionID: activeSessionID)
        return true
    }

    /// No longer wants the background refresh, and stops it. Cached tokens stay.
    func stopRefresh() {
        state.withValue { state in
            state.refresh.wanted = false
            state.refresh.fetch = nil
        }
        log("token refresh: stopped")
        follow(activeSessionID: nil)
    }

    /// Whether a refresh loop is running.
    var isRefreshing: Bool { state.withValue { $0.refresh.task != nil } }

    /// Starts, moves or stops the refresh loop so that it runs for `activeSessionID` exactly when
    /// the refresh is wanted.
    func follow(activeSessionID: String?) {
        let followed: String? = state.withValue { state in
            let target = state.refresh.wanted ? activeSessionID : nil
            guard target != state.refresh.sessionID || (target != nil && state.refresh.task == nil) else { return nil }
            state.refresh.task?.cancel()
            state.refresh.task = nil
            state.refresh.sessionID = target
            guard let target, let fetch = state.refresh.fetch else { return nil }
            let sleeper = self.sleeper
            state.refresh.task = Task { [weak self] in
                while !Task.isCancelled {
                    guard let delay = await self?.refreshStep(for: target, fetch: fetch) else { return }
                    do {
                        try await sleeper.sleep(for: delay)
                    } catch {
                        return
                    }
                }
            }
            return target
        }
        if let followed { log("token refresh: following \(followed)") }
    }

    /// Makes sure the session's token is fresh and returns how long to wait before the next
    /// step; nil when the loop should end (the session is no longer the one followed).
    private func refreshStep(for sessionID: String, fetch: @Sendable (String) async throws(ClerkError) -> SessionToken) async -> Duration? {
        guard isFollowing(sessionID), !Task.isCancelled else { return nil }
        do throws(ClerkError) {
            let token = try await fetch(sessionID)
            guard isFollowing(sessionID) else { return nil }
            return nextRefresh(after: token)
        } catch {
            guard isFollowing(sessionID), error != .cancelled else { return nil }
            let now = clock.now()
            let wait = activeBackoff(for: SessionTokenKey(sessionID: sessionID)).map { Duration(timeInterval: $0.retryAt.timeIntervalSince(now)) }
            log("token refresh: \(error.description)")
            return max(wait ?? policy.backoffBase, policy.minimumRefreshInterval)
        }
    }

    private func isFollowing(_ sessionID: String) -> Bool {
        state.withValue { $0.refresh.sessionID == sessionID }
    }

    private func nextRefresh(after token: SessionToken) -> Duration {
        guard let expiresAt = token.expiresAt else { return policy.fallbackRefreshInterval }
        let due = expiresAt.timeIntervalSince(clock.now()) - policy.refreshLeeway.seconds
        return max(Duration(timeInterval: due), policy.minimumRefreshInterval)
    }
}

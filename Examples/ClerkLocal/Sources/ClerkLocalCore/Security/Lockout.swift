import Foundation

/// Failed secret attempts (password, email or SMS code, authenticator code, backup code) per user, and the lock they lead to.
package struct LockoutState: Sendable, Hashable, Codable {
    package var failedAttempts = 0
    package var lockedUntil: Date?

    /// Seconds left on the lock, or nil if the user is not locked.
    package func remainingLock(now: Date) -> Int? {
        guard let lockedUntil, lockedUntil > now else { return nil }
        return max(1, Int(lockedUntil.timeIntervalSince(now).rounded(.up)))
    }

    /// Counts a failure; true if it locked the user.
    package mutating func recordFailure(now: Date, settings: LockoutSettings) -> Bool {
        guard settings.enabled else { return false }
        // Failures while locked neither count nor extend the lock.
        if remainingLock(now: now) != nil { return false }
        if let lockedUntil, lockedUntil <= now {
            self.lockedUntil = nil
            failedAttempts = 0
        }
        // Saturating: a count kept from an older version may be anything up to Int.max.
        failedAttempts = failedAttempts < Int.max ? failedAttempts + 1 : Int.max
        if failedAttempts >= settings.maxAttempts {
            lockedUntil = now.addingTimeInterval(TimeInterval(settings.durationSeconds))
            return true
        }
        return false
    }

    package mutating func recordSuccess() {
        failedAttempts = 0
        lockedUntil = nil
    }

    package func attemptsRemaining(settings: LockoutSettings) -> Int? {
        settings.enabled ? max(0, settings.maxAttempts - failedAttempts) : nil
    }
}

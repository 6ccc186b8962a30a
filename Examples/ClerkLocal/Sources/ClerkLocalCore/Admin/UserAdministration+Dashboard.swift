import ClerkAPI
import Foundation

/// A user as the dashboard lists it: identifiers and which factors exist, never a secret.
package struct DashboardUser: Sendable, Hashable {
    package var id: String
    package var emailAddress: String?
    package var phoneNumber: String?
    package var username: String?
    package var name: String?
    package var hasPassword: Bool
    package var passwordCompromised: Bool
    package var hasTOTP: Bool
    package var backupCodesLeft: Int
    package var smsSecondFactor: Bool
    package var lockedForSeconds: Int?
    package var createdAt: Date
}

extension UserAdministration {
    /// Users oldest first, those whose id, identifiers or name contain `query` (any case) when given.
    package func dashboardUsers(matching query: String?) -> [DashboardUser] {
        let needle = query?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return users.values.sorted { $0.createdAt < $1.createdAt }.compactMap { user in
            let name = [user.firstName, user.lastName].compactMap { $0 }.joined(separator: " ")
            let haystack = ([user.id, name] + user.identifiers).joined(separator: " ").lowercased()
            guard needle.isEmpty || haystack.contains(needle) else { return nil }
            return DashboardUser(
                id: user.id, emailAddress: user.primaryEmail?.address, phoneNumber: user.primaryPhone?.number,
                username: user.username, name: name.isEmpty ? nil : name, hasPassword: user.passwordHash != nil,
                passwordCompromised: user.passwordCompromised, hasTOTP: user.hasTOTP,
                backupCodesLeft: user.backupCodes?.remaining ?? 0, smsSecondFactor: user.secondFactorPhone != nil,
                lockedForSeconds: user.lockout.remainingLock(now: now), createdAt: user.createdAt)
        }
    }

    /// Deletes a user: their sessions are revoked and their sign-ins in progress dropped.
    package mutating func deleteUser(dashboardID id: String) throws(FrontendError) {
        guard let user = users[id] else { throw .notFound("UserNotFound") }
        endSessions(status: .revoked) { $0.userID == id }
        for (signInID, signIn) in signIns where signIn.userID == id {
            signIns[signInID] = nil
        }
        for (clientID, client) in clients where client.signInID.map({ signIns[$0] == nil }) == true {
            var kept = client
            kept.signInID = nil
            clients[clientID] = kept
        }
        for email in user.emails where userIDsByEmail[email.address] == id { userIDsByEmail[email.address] = nil }
        for phone in user.phones where userIDsByPhone[phone.number] == id { userIDsByPhone[phone.number] = nil }
        if let name = user.username, userIDsByUsername[name.lowercased()] == id { userIDsByUsername[name.lowercased()] = nil }
        users[id] = nil
    }

    /// Locks a user as too many failed attempts would (for the lockout's duration), or lifts the lock.
    package mutating func setLocked(_ locked: Bool, dashboardUserID id: String) throws(FrontendError) {
        guard var user = users[id] else { throw .notFound("UserNotFound") }
        if locked {
            user.lockout.failedAttempts = max(user.lockout.failedAttempts, settings.lockout.maxAttempts)
            user.lockout.lockedUntil = now.addingTimeInterval(TimeInterval(max(1, settings.lockout.durationSeconds)))
        } else {
            user.lockout.recordSuccess()
        }
        store(user)
    }
}

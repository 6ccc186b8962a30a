import ClerkAPI
import Foundation

/// A user as the dashboard lists it: identifiers and which factors exist, never a secret.
struct DashboardUser: Sendable, Hashable {
    var id: String
    var emailAddress: String?
    var phoneNumber: String?
    var username: String?
    var name: String?
    var hasPassword: Bool
    var passwordCompromised: Bool
    var hasTOTP: Bool
    var backupCodesLeft: Int
    var smsSecondFactor: Bool
    var lockedForSeconds: Int?
    var createdAt: Date
}

extension UserAdministration {
    /// Users oldest first, those whose id, identifiers or name contain `query` (any case) when given.
    func dashboardUsers(matching query: String?) -> [DashboardUser] {
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
    mutating func deleteUser(dashboardID id: String) throws(FrontendError) {
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
    mutating func setLocked(_ locked: Bool, dashboardUserID id: String) throws(FrontendError) {
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

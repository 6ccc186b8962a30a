import ClerkAPI
import Foundation

/// What the admin API, the dashboard and import/export do to users: create (the one path), list,
/// flag, lock, delete, export and import.
package struct UserAdministration: InstanceRules {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension UserAdministration {
    /// Flags the user's password as compromised: their next session is pending with the
    /// `reset-password` task until they set a new one. Sessions they have now are not affected.
    package mutating func flagPasswordCompromised(userID: String) throws(FrontendError) {
        guard var user = users[userID] else { throw .notFound("UserNotFound") }
        guard user.passwordHash != nil else { throw FrontendError(.noPasswordSet) }
        user.passwordCompromised = true
        store(user)
    }

    /// Users without their secrets, for the admin listing.
    package func listUsers() -> [SeededUser] {
        users.values.sorted { $0.createdAt < $1.createdAt }.map { user in
            SeededUser(
                id: user.id, emailAddress: user.primaryEmail?.address, emailAddressID: user.primaryEmail?.id,
                phoneNumber: user.primaryPhone?.number, phoneNumberID: user.primaryPhone?.id, username: user.username)
        }
    }
}

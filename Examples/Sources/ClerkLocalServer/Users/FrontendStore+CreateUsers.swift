import Foundation

/// The one store operation that creates users, whichever entry point they come from.
extension FrontendStore {
    /// Creates the users, or none: every one is checked (`UserIntake`) before any is stored.
    func createUsers(_ newUsers: [NewUser]) throws(NewUserRefusal) -> [CreatedUser] {
        var intake = UserIntake(
            settings: settings, now: now, identifierOwner: { self.user(withIdentifier: $0, kind: $1)?.id },
            userExists: { self.users[$0] != nil }, identificationIDOwners: { self.identificationIDOwners() })
        var created: [CreatedUser] = []
        created.reserveCapacity(newUsers.count)
        for (index, newUser) in newUsers.enumerated() {
            created.append(try intake.admit(newUser, at: index))
        }
        for user in created {
            store(user.record)
            // `store` stamps the time of the change; an imported user keeps the one it was exported with.
            users[user.record.id] = user.record
        }
        return created
    }

    func createUser(_ newUser: NewUser) throws(NewUserRefusal) -> CreatedUser {
        var created = try createUsers([newUser])
        return created.removeFirst()
    }

    /// The user of each email address and phone number id the server has.
    private func identificationIDOwners() -> [String: String] {
        var owners: [String: String] = [:]
        for user in users.values {
            for id in user.emails.map(\.id) + user.phones.map(\.id) { owners[id] = user.id }
        }
        return owners
    }
}

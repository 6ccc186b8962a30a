import Foundation

/// The one store operation that creates users, whichever entry point they come from.
extension UserAdministration {
    /// Creates the users, or none: every one is checked (`UserIntake`) before any is stored.
    package mutating func createUsers(_ newUsers: [NewUser]) throws(NewUserRefusal) -> [CreatedUser] {
        let created = try admitted(newUsers)
        for user in created {
            store(user.record)
            // `store` stamps the time of the change; an imported user keeps the one it was exported with.
            users[user.record.id] = user.record
        }
        return created
    }

    package mutating func createUser(_ newUser: NewUser) throws(NewUserRefusal) -> CreatedUser {
        var created = try createUsers([newUser])
        return created.removeFirst()
    }

    /// The users checked against the directory as it is now (read through a copy that is gone before
    /// anything is stored, so storing copies no table).
    private func admitted(_ newUsers: [NewUser]) throws(NewUserRefusal) -> [CreatedUser] {
        let directory = state.directory
        var intake = UserIntake(
            settings: settings, now: now, identifierOwner: { directory.user(withIdentifier: $0, kind: $1)?.id },
            userExists: { directory.users[$0] != nil },
            identificationIDOwner: { directory.users.owner(ofIdentification: $0)?.id },
            externalAccountOwner: { provider, subject in
                directory.users.owner(ofExternalAccount: provider, subject: subject)?.id
            },
            passkeyOwner: { directory.users.owner(ofPasskeyCredential: $0)?.id })
        var created: [CreatedUser] = []
        created.reserveCapacity(newUsers.count)
        for (index, newUser) in newUsers.enumerated() {
            created.append(try intake.admit(newUser, at: index))
        }
        return created
    }
}

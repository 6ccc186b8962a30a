import Foundation

/// Users out to a `UserExportDocument` and back in, ids kept.
extension UserAdministration {
    /// Every user and organization, sorted by id so that the same state always gives the same document.
    package func exportUsers() -> UserExportDocument {
        let book = state.organizations
        return UserExportDocument(
            exportedAt: ExportTime.milliseconds(now),
            // The ids are sorted, not the records: sorting moves each element log n times.
            users: users.ids.sorted().compactMap { users[$0].map(ExportedUser.init) },
            organizations: book.organizations.ids.sorted().compactMap { id in
                book.organizations[id].map { ExportedOrganization($0, book: book, now: now) }
            },
            trustedDevices: state.trustedDevices.ids.sorted().compactMap { state.trustedDevices[$0].flatMap { ExportedTrustedDevice($0) } },
            waitlistEntries: state.waitlist.ids.sorted().compactMap { id in
                state.waitlist[id].map { ExportedWaitlistEntry($0, invitation: $0.invitationID.flatMap { state.invitations[$0] }) }
            })
    }

    /// Adds the document's users with their ids, or refuses the whole document and changes nothing.
    ///
    /// Every value the format carries is read first (`ExportedUser.newUser(at:maxAttempts:)`); then
    /// the users are checked and created as every other user is (`createUsers`): no user id,
    /// identifier (an email address or phone number that is not awaiting verification, a username
    /// regardless of case) or email/phone id may repeat within the document or already be one of
    /// this server's. An existing user is never replaced: import into an instance without these
    /// users (reset it to start over). The organizations are checked first, against the document's
    /// users and the server's (`checkedOrganizations`), and added with the users, as are the trusted devices
    /// and waitlist entries (`checkedDevicesAndWaitlist`). Answers the number
    /// of users added.
    package mutating func importUsers(_ document: UserExportDocument) throws(UserImportError) -> Int {
        var newUsers: [NewUser] = []
        newUsers.reserveCapacity(document.users.count)
        for (index, exported) in document.users.enumerated() {
            newUsers.append(try exported.newUser(at: "users[\(index)]", maxAttempts: settings.lockout.maxAttempts))
        }
        let documentUserIDs = Set(document.users.map(\.id))
        let organizations = try checkedOrganizations(document.organizations, documentUserIDs: documentUserIDs)
        let devicesAndWaitlist = try checkedDevicesAndWaitlist(document, documentUserIDs: documentUserIDs)
        let added: Int
        do {
            added = try createUsers(newUsers).count
        } catch {
            throw UserImportError(error, in: document)
        }
        add(organizations)
        add(devicesAndWaitlist)
        return added
    }
}

import Foundation

/// Users out to a `UserExportDocument` and back in, ids kept.
extension FrontendStore {
    /// Every user, sorted by id so that the same users always give the same document.
    func exportUsers() -> UserExportDocument {
        UserExportDocument(
            exportedAt: ExportTime.milliseconds(now),
            users: users.values.sorted { $0.id < $1.id }.map { ExportedUser($0) })
    }

    /// Adds the document's users with their ids, or refuses the whole document and changes nothing.
    ///
    /// Every value is checked first (`ExportedUser.record(at:maxAttempts:)`); then no user id, identifier (an
    /// email address or phone number that is not awaiting verification, a username regardless of
    /// case) or email/phone id may repeat within the document or already be one of this server's.
    /// An existing user is never replaced: import into an instance without these users (reset it
    /// to start over). Answers the number of users added.
    func importUsers(_ document: UserExportDocument) throws(UserImportError) -> Int {
        var claims = ImportClaims(existingIdentificationIDs: identificationIDOwners())
        var records: [UserRecord] = []
        records.reserveCapacity(document.users.count)
        for (index, exported) in document.users.enumerated() {
            let path = "users[\(index)]"
            let record = try exported.record(at: path, maxAttempts: settings.lockout.maxAttempts)
            guard users[record.id] == nil else { throw UserImportError(field: path + ".id", userID: record.id, problem: .userExists) }
            try claims.claim(record.id, kind: "user", field: path + ".id", userID: record.id)
            try claimIdentifiers(of: record, at: path, in: &claims)
            records.append(record)
        }
        for record in records {
            store(record)
            // `store` stamps the time of the change; an imported user keeps the one it was exported with.
            users[record.id] = record
        }
        return records.count
    }

    private func claimIdentifiers(of user: UserRecord, at path: String, in claims: inout ImportClaims) throws(UserImportError) {
        for (index, email) in user.emails.enumerated() {
            let field = "\(path).email_addresses[\(index)]"
            try claims.claimIdentificationID(email.id, field: field + ".id", userID: user.id)
            guard !email.awaitingVerification else { continue }
            try claimIdentifier(email.address, kind: .emailAddress, field: field + ".email_address", userID: user.id, in: &claims)
        }
        for (index, phone) in user.phones.enumerated() {
            let field = "\(path).phone_numbers[\(index)]"
            try claims.claimIdentificationID(phone.id, field: field + ".id", userID: user.id)
            guard !phone.awaitingVerification else { continue }
            try claimIdentifier(phone.number, kind: .phoneNumber, field: field + ".phone_number", userID: user.id, in: &claims)
        }
        if let username = user.username {
            try claimIdentifier(username, kind: .username, field: path + ".username", userID: user.id, in: &claims)
        }
    }

    private func claimIdentifier(
        _ identifier: String, kind: IdentifierKind, field: String, userID: String, in claims: inout ImportClaims
    ) throws(UserImportError) {
        if let owner = user(withIdentifier: identifier, kind: kind) {
            throw UserImportError(field: field, userID: userID, problem: .identifierTaken(byUserID: owner.id))
        }
        let key = kind == .username ? identifier.lowercased() : identifier
        try claims.claim(key, kind: kind.rawValue, field: field, userID: userID)
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

/// What the users imported so far have taken, each with the path that took it first.
private struct ImportClaims {
    let existingIdentificationIDs: [String: String]
    private var firstPaths: [String: String] = [:]

    init(existingIdentificationIDs: [String: String]) {
        self.existingIdentificationIDs = existingIdentificationIDs
    }

    mutating func claim(_ value: String, kind: String, field: String, userID: String) throws(UserImportError) {
        let key = kind + " " + value
        if let first = firstPaths[key] { throw UserImportError(field: field, userID: userID, problem: .duplicate(of: first)) }
        firstPaths[key] = field
    }

    mutating func claimIdentificationID(_ id: String, field: String, userID: String) throws(UserImportError) {
        if let owner = existingIdentificationIDs[id] { throw UserImportError(field: field, userID: userID, problem: .idTaken(byUserID: owner)) }
        try claim(id, kind: "identification", field: field, userID: userID)
    }
}

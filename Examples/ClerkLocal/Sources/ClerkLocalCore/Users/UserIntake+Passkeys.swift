extension UserIntake {
    /// An imported user's registered passkeys: each credential id once on the server and in the
    /// batch (an authenticator answers with the id alone, so it must name one passkey), each
    /// passkey id once in the batch.
    mutating func addPasskeys(_ new: NewUser, to created: inout CreatedUser, index: Int) throws(NewUserRefusal) {
        for (position, passkey) in new.passkeys.enumerated() {
            guard let credential = passkey.credential else {
                throw NewUserRefusal(index: index, field: .passkey(position), problem: .invalid)
            }
            if let owner = passkeyOwner(credential.credentialID) {
                throw NewUserRefusal(index: index, field: .passkey(position), problem: .taken(byUserID: owner))
            }
            try claim("passkey credential " + Base64URL.encode(credential.credentialID), index: index, field: .passkey(position))
            try claim("passkey id " + passkey.id, index: index, field: .passkey(position))
        }
        created.record.passkeys = new.passkeys.isEmpty ? nil : new.passkeys
        created.record.passkeyUserHandle = new.passkeyUserHandle
    }
}

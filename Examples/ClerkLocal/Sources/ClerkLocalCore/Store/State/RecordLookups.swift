/// What requests look records up by, besides their ids: each table's `TableLookup`.
extension TableLookup where Record == UserRecord {
    /// Users by their sign-in and actor tokens' digests and ids, their external and enterprise accounts, the ids of their
    /// email addresses and phone numbers, and their registered passkeys' credential ids.
    package static var users: TableLookup<UserRecord> {
        TableLookup { user in
            var keys = user.emails.map { LookupKey.identification($0.id) } + user.phones.map { LookupKey.identification($0.id) }
            for token in user.signInTokens ?? [] {
                keys += [LookupKey.digest(token.tokenDigest), LookupKey.signInToken(token.id)]
            }
            for token in user.actorTokens ?? [] {
                keys += [LookupKey.digest(token.tokenDigest), LookupKey.actorToken(token.id)]
            }
            keys += user.linkedAccounts.map { LookupKey.externalAccount($0.provider, subject: $0.providerUserID) }
            keys += (user.enterpriseAccounts ?? []).map { LookupKey.enterpriseAccount($0.connectionID, subject: $0.providerUserID) }
            keys += user.registeredPasskeys.compactMap { $0.credential.map { LookupKey.passkeyCredential($0.credentialID) } }
            return keys
        }
    }
}

extension TrackedTable where Record == UserRecord {
    /// The user with the provider's account of `subject`.
    package func owner(ofExternalAccount provider: IdentityTokenProvider, subject: String) -> UserRecord? {
        records(for: LookupKey.externalAccount(provider, subject: subject)).first { $0.hasExternalAccount(provider, subject: subject) }
    }

    /// The user with `connectionID`'s enterprise account of `subject`.
    package func owner(ofEnterpriseAccount connectionID: String, subject: String) -> UserRecord? {
        records(for: LookupKey.enterpriseAccount(connectionID, subject: subject)).first { $0.hasEnterpriseAccount(connectionID, subject: subject) }
    }

    /// The user with the email address or phone number of this id.
    package func owner(ofIdentification id: String) -> UserRecord? {
        records(for: LookupKey.identification(id)).first { user in
            user.emails.contains { $0.id == id } || user.phones.contains { $0.id == id }
        }
    }

    /// The user with a registered passkey of this credential id.
    package func owner(ofPasskeyCredential credentialID: [UInt8]) -> UserRecord? {
        records(for: LookupKey.passkeyCredential(credentialID)).first { $0.passkey(credentialID: credentialID) != nil }
    }
}

extension TableLookup where Record == SignInRecord {
    /// Sign-ins by the digests of the email links of their first factor and Client Trust.
    package static var signIns: TableLookup<SignInRecord> {
        TableLookup { signIn in
            [signIn.firstFactor?.link?.tokenDigest, signIn.secondFactor?.link?.tokenDigest].compactMap { $0.map(LookupKey.digest) }
        }
    }
}

extension TableLookup where Record == SignUpRecord {
    /// Sign-ups by the digest of their email address's link.
    package static var signUps: TableLookup<SignUpRecord> {
        TableLookup { signUp in
            signUp.emailVerification?.link.map { [LookupKey.digest($0.tokenDigest)] } ?? []
        }
    }
}

extension TableLookup where Record == InvitationRecord {
    /// Invitations by their ticket's digest and their address.
    package static var invitations: TableLookup<InvitationRecord> {
        TableLookup { invitation in
            [LookupKey.digest(invitation.ticketDigest), LookupKey.email(invitation.emailAddress)]
        }
    }
}

extension TableLookup where Record == WaitlistEntryRecord {
    /// Waitlist entries by their address.
    package static var waitlist: TableLookup<WaitlistEntryRecord> {
        TableLookup { entry in [LookupKey.email(entry.emailAddress)] }
    }
}

extension TableLookup where Record == SessionRecord {
    /// Sessions by their user.
    package static var sessions: TableLookup<SessionRecord> {
        TableLookup { session in [LookupKey.user(session.userID)] }
    }
}

extension TrackedTable where Record == SessionRecord {
    /// The sessions of the user, on every client, in any status.
    package func sessions(ofUser userID: String) -> [SessionRecord] {
        records(for: LookupKey.user(userID)).filter { $0.userID == userID }
    }
}

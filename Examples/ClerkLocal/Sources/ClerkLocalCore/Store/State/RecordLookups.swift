/// What requests look records up by, besides their ids: each table's `TableLookup`.
extension TableLookup where Record == UserRecord {
    /// Users by their sign-in tokens' digests and ids, and by their external accounts.
    package static var users: TableLookup<UserRecord> {
        TableLookup { user in
            (user.signInTokens ?? []).flatMap { [LookupKey.digest($0.tokenDigest), LookupKey.signInToken($0.id)] }
                + user.linkedAccounts.map { LookupKey.externalAccount($0.provider, subject: $0.providerUserID) }
        }
    }
}

extension TrackedTable where Record == UserRecord {
    /// The user with the provider's account of `subject`.
    package func owner(ofExternalAccount provider: IdentityTokenProvider, subject: String) -> UserRecord? {
        records(for: LookupKey.externalAccount(provider, subject: subject)).first { $0.hasExternalAccount(provider, subject: subject) }
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

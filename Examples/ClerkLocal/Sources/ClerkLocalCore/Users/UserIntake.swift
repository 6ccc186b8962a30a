import ClerkAPI
import Foundation

/// The one check of new users, and the records they become: identifier formats and uniqueness
/// (against the server's users and the batch's earlier ones), names, the password digest, the TOTP
/// secret, backup codes, phone flags and metadata. Nothing here changes the store; a batch that
/// passes is stored whole (`UserAdministration.createUsers`).
package struct UserIntake {
    package let settings: InstanceSettings
    package let now: Date
    /// The user an identifier belongs to on this server (an email address or phone number
    /// normalized, a username in any case).
    package let identifierOwner: (String, IdentifierKind) -> String?
    package let userExists: (String) -> Bool
    /// The user with the email address or phone number of this id on this server.
    package let identificationIDOwner: (String) -> String?
    /// The user with the provider's account of this user id on this server.
    package let externalAccountOwner: (IdentityTokenProvider, String) -> String?
    /// The user with a registered passkey of this credential id on this server.
    package let passkeyOwner: ([UInt8]) -> String?
    /// What the batch's users took so far, each with the field that took it first.
    private var claims: [String: (index: Int, field: NewUserField)] = [:]

    package init(
        settings: InstanceSettings, now: Date, identifierOwner: @escaping (String, IdentifierKind) -> String?,
        userExists: @escaping (String) -> Bool, identificationIDOwner: @escaping (String) -> String?,
        externalAccountOwner: @escaping (IdentityTokenProvider, String) -> String? = { _, _ in nil },
        passkeyOwner: @escaping ([UInt8]) -> String? = { _ in nil }
    ) {
        self.externalAccountOwner = externalAccountOwner
        self.passkeyOwner = passkeyOwner
        self.settings = settings
        self.now = now
        self.identifierOwner = identifierOwner
        self.userExists = userExists
        self.identificationIDOwner = identificationIDOwner
    }

    /// The record `new` becomes as the batch's `index`th user, with the secrets generated for it.
    package mutating func admit(_ new: NewUser, at index: Int) throws(NewUserRefusal) -> CreatedUser {
        func refusal(_ field: NewUserField, _ problem: NewUserRefusal.Problem) -> NewUserRefusal {
            NewUserRefusal(index: index, field: field, problem: problem)
        }
        let history = new.history
        if let id = new.id {
            if userExists(id) { throw refusal(.id, .taken(byUserID: id)) }
            try claim("user " + id, index: index, field: .id)
        }
        var user = UserRecord(
            id: new.id ?? SecureRandom.identifier(prefix: "user"), createdAt: history?.createdAt ?? now, updatedAt: history?.updatedAt ?? now)
        user.emails = try emailRecords(new.emailAddresses, index: index)
        user.phones = try phoneRecords(new.phoneNumbers, index: index)
        if let username = new.username {
            guard IdentifierFormat.isValidUsername(username) else { throw refusal(.username, .invalid) }
            try claimIdentifier(username, kind: .username, index: index, field: .username)
            user.username = username
        }
        guard !user.identifiers.isEmpty else { throw refusal(.identifiers, .noIdentifier) }
        user.firstName = try rule(.firstName, index: index) { () throws(FrontendError) in
            try UserFieldRules.name(ifSet: new.firstName, parameter: "first_name")
        }
        user.lastName = try rule(.lastName, index: index) { () throws(FrontendError) in
            try UserFieldRules.name(ifSet: new.lastName, parameter: "last_name")
        }
        if let digest = new.passwordDigest {
            guard PasswordDigestFormat.isValid(digest) else { throw refusal(.password, .invalid) }
            user.passwordHash = digest
            user.passwordUpdatedAt = history == nil ? now : history?.passwordUpdatedAt
        } else if new.passwordCompromised || (new.requiresPasswordIfInstanceDoes && settings.password.required) {
            throw refusal(.password, .missing)
        }
        user.passwordCompromised = new.passwordCompromised
        var created = CreatedUser(record: user)
        try addTOTP(new.totp, history: history, to: &created, index: index)
        try addBackupCodes(new.backupCodes, to: &created, index: index)
        if let metadata = new.unsafeMetadata {
            guard case .object = metadata else { throw refusal(.unsafeMetadata, .invalid) }
            try rule(.unsafeMetadata, index: index) { () throws(FrontendError) in
                try MetadataLimits.check(metadata, parameter: "unsafe_metadata")
            }
            created.record.unsafeMetadata = metadata
        }
        if let history {
            created.record.lockout = history.lockout
            created.record.legalAcceptedAt = history.legalAcceptedAt
            created.record.mfaEnabledAt = history.mfaEnabledAt
            created.record.lastSignInAt = history.lastSignInAt
        } else if created.record.twoFactorEnabled {
            created.record.mfaEnabledAt = now
        }
        for (position, account) in new.externalAccounts.enumerated() {
            if let owner = externalAccountOwner(account.provider, account.providerUserID) {
                throw refusal(.externalAccount(position), .taken(byUserID: owner))
            }
            try claim("external account \(account.provider.rawValue) \(account.providerUserID)", index: index, field: .externalAccount(position))
            try claim("external account id " + account.id, index: index, field: .externalAccount(position))
        }
        created.record.externalAccounts = new.externalAccounts.isEmpty ? nil : new.externalAccounts
        try addPasskeys(new, to: &created, index: index)
        return created
    }

    /// Addresses normalized as the server keeps them; one user cannot have the same one twice, and
    /// one that is not awaiting verification cannot be another user's.
    private mutating func emailRecords(_ emails: [NewUser.Email], index: Int) throws(NewUserRefusal) -> [EmailRecord] {
        var records: [EmailRecord] = []
        for (position, email) in emails.enumerated() {
            let field = NewUserField.emailAddress(position)
            let address = IdentifierFormat.normalizedEmail(email.address)
            guard IdentifierFormat.isValidEmail(address) else { throw NewUserRefusal(index: index, field: field, problem: .invalid) }
            let id = try claimIdentification(
                address, kind: .emailAddress, keptID: email.id, awaitingVerification: email.awaitingVerification,
                earlier: records.map(\.address), index: index, position: position)
            records.append(
                EmailRecord(
                    id: id, address: address, verified: email.verified, createdAt: email.createdAt ?? now,
                    awaitingVerification: email.awaitingVerification))
        }
        return records
    }

    private mutating func phoneRecords(_ phones: [NewUser.Phone], index: Int) throws(NewUserRefusal) -> [PhoneRecord] {
        var records: [PhoneRecord] = []
        for (position, phone) in phones.enumerated() {
            let field = NewUserField.phoneNumber(position)
            guard let number = IdentifierFormat.normalizedPhone(phone.number) else {
                throw NewUserRefusal(index: index, field: field, problem: .invalid)
            }
            if phone.reservedForSecondFactor, !phone.verified || phone.awaitingVerification {
                throw NewUserRefusal(index: index, field: .secondFactor(position), problem: .unverifiedSecondFactor)
            }
            let id = try claimIdentification(
                number, kind: .phoneNumber, keptID: phone.id, awaitingVerification: phone.awaitingVerification,
                earlier: records.map(\.number), index: index, position: position)
            records.append(
                PhoneRecord(
                    id: id, number: number, verified: phone.verified, reservedForSecondFactor: phone.reservedForSecondFactor,
                    createdAt: phone.createdAt ?? now, awaitingVerification: phone.awaitingVerification,
                    defaultSecondFactor: phone.defaultSecondFactor))
        }
        return records
    }

    /// An address or number of a user: not twice on it, its kept id free, and (unless it awaits
    /// verification) no other user's. Answers its id.
    private mutating func claimIdentification(
        _ value: String, kind: IdentifierKind, keptID: String?, awaitingVerification: Bool, earlier: [String], index: Int, position: Int
    ) throws(NewUserRefusal) -> String {
        let field = NewUserField.identifier(kind, position)
        if let first = earlier.firstIndex(of: value) {
            throw NewUserRefusal(index: index, field: field, problem: .repeats(index: index, field: .identifier(kind, first)))
        }
        let id = try claimIdentificationID(keptID, index: index, field: .identificationID(kind, position))
        if !awaitingVerification { try claimIdentifier(value, kind: kind, index: index, field: field) }
        return id
    }

    /// A secret given (normalized) or generated (returned once with its otpauth URI).
    private func addTOTP(_ source: NewUser.TOTPSource?, history: NewUser.History?, to created: inout CreatedUser, index: Int)
        throws(NewUserRefusal)
    {
        let secret: String
        switch source {
        case nil: return
        case .secret(let given): secret = given
        case .generated: secret = TOTP.generateSecret()
        }
        guard let key = TOTP(base32Secret: secret) else { throw NewUserRefusal(index: index, field: .totpSecret, problem: .invalid) }
        created.record.totpSecret = key.base32Secret
        created.record.totpID = history?.totpID
        created.record.totpEnabledAt = history?.totpEnabledAt
        created.record.lastTOTPStep = history?.lastTOTPStep
        if case .generated = source {
            created.generatedTOTPSecret = key.base32Secret
            created.generatedTOTPURI = key.provisioningURI(account: created.record.displayIdentifier, issuer: settings.applicationName)
        }
    }

    private func addBackupCodes(_ source: NewUser.BackupCodeSource?, to created: inout CreatedUser, index: Int) throws(NewUserRefusal) {
        switch source {
        case nil: return
        case .codes(let codes):
            guard !codes.isEmpty, codes.allSatisfy({ !$0.isEmpty }) else {
                throw NewUserRefusal(index: index, field: .backupCodes, problem: .invalid)
            }
            created.record.backupCodes = BackupCodeSet(codes: codes)
        case .generated:
            let (set, codes) = BackupCodeSet.generate()
            created.record.backupCodes = set
            created.generatedBackupCodes = codes
        case .digests(let set):
            created.record.backupCodes = set
        }
    }

    /// Runs a rule that refuses with its own error.
    private func rule<T>(_ field: NewUserField, index: Int, _ check: () throws(FrontendError) -> T) throws(NewUserRefusal) -> T {
        do {
            return try check()
        } catch {
            throw NewUserRefusal(index: index, field: field, problem: .rejected(error))
        }
    }

    private mutating func claimIdentifier(_ identifier: String, kind: IdentifierKind, index: Int, field: NewUserField)
        throws(NewUserRefusal)
    {
        if let owner = identifierOwner(identifier, kind) {
            throw NewUserRefusal(index: index, field: field, problem: .taken(byUserID: owner))
        }
        try claim(kind.rawValue + " " + (kind == .username ? identifier.lowercased() : identifier), index: index, field: field)
    }

    /// A kept id must be free; a new one is generated.
    private mutating func claimIdentificationID(_ id: String?, index: Int, field: NewUserField) throws(NewUserRefusal) -> String {
        guard let id else { return SecureRandom.identifier(prefix: "idn") }
        if let owner = identificationIDOwner(id) { throw NewUserRefusal(index: index, field: field, problem: .taken(byUserID: owner)) }
        try claim("identification " + id, index: index, field: field)
        return id
    }

    mutating func claim(_ key: String, index: Int, field: NewUserField) throws(NewUserRefusal) {
        if let first = claims[key] {
            throw NewUserRefusal(index: index, field: field, problem: .repeats(index: first.index, field: first.field))
        }
        claims[key] = (index, field)
    }
}

extension CreatedUser {
    package init(record: UserRecord) {
        self.init(record: record, generatedTOTPSecret: nil, generatedTOTPURI: nil, generatedBackupCodes: nil)
    }
}

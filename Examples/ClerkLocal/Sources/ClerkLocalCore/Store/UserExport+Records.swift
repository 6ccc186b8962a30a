import ClerkAPI
import Foundation

// A user record to its exported form and back. Every value the export writes is one the import
// accepts and stores unchanged, so exporting an imported document gives the same document.

extension ExportedUser {
    package init(_ user: UserRecord) {
        id = user.id
        username = user.username
        firstName = user.firstName
        lastName = user.lastName
        emailAddresses = user.emails.map {
            ExportedEmailAddress(
                id: $0.id, emailAddress: $0.address, verified: $0.verified, awaitingVerification: $0.awaitingVerification,
                createdAt: ExportTime.milliseconds($0.createdAt))
        }
        phoneNumbers = user.phones.map {
            ExportedPhoneNumber(
                id: $0.id, phoneNumber: $0.number, verified: $0.verified, awaitingVerification: $0.awaitingVerification,
                reservedForSecondFactor: $0.reservedForSecondFactor, defaultSecondFactor: $0.defaultSecondFactor,
                createdAt: ExportTime.milliseconds($0.createdAt))
        }
        password = user.passwordHash.map {
            ExportedPassword(hasher: ExportedPassword.bcrypt, digest: $0, updatedAt: user.passwordUpdatedAt.map(ExportTime.milliseconds))
        }
        passwordCompromised = user.passwordCompromised
        totp = user.totpSecret.map {
            ExportedTOTP(
                id: user.totpID, secret: $0, enabledAt: user.totpEnabledAt.map(ExportTime.milliseconds), lastUsedStep: user.lastTOTPStep)
        }
        backupCodes = user.backupCodes.map {
            ExportedBackupCodes(
                algorithm: ExportedBackupCodes.sha256, salt: Data($0.salt).base64EncodedString(),
                digests: $0.unused.map { Data($0).base64EncodedString() })
        }
        lockout =
            user.lockout == LockoutState()
            ? nil
            : ExportedLockout(failedAttempts: user.lockout.failedAttempts, lockedUntil: user.lockout.lockedUntil.map(ExportTime.milliseconds))
        unsafeMetadata = user.unsafeMetadata
        legalAcceptedAt = user.legalAcceptedAt.map(ExportTime.milliseconds)
        mfaEnabledAt = user.mfaEnabledAt.map(ExportTime.milliseconds)
        lastSignInAt = user.lastSignInAt.map(ExportTime.milliseconds)
        createdAt = ExportTime.milliseconds(user.createdAt)
        updatedAt = ExportTime.milliseconds(user.updatedAt)
        externalAccounts = user.linkedAccounts.isEmpty ? nil : user.linkedAccounts.map(ExportedExternalAccount.init)
        let registered = user.registeredPasskeys.compactMap(ExportedPasskey.init)
        passkeys = registered.isEmpty ? nil : registered
        passkeyUserHandle = user.passkeyUserHandle
    }

    /// The user to create from this one, once every value the format carries reads: ids, times,
    /// the hasher, backup code digests and the lockout count. `path` is where the user stands in the
    /// document (`users[3]`) and `maxAttempts` the instance's `lockout.max_attempts`. What every
    /// new user is checked for (identifiers, names, secrets, metadata, repeats) is `UserIntake`'s.
    package func newUser(at path: String, maxAttempts: Int) throws(UserImportError) -> NewUser {
        let check = FieldCheck(path: path, userID: id)
        try check.id(id, prefix: "user", field: "id")
        var history = NewUser.History(
            createdAt: try check.time(createdAt, field: "created_at"), updatedAt: try check.time(updatedAt, field: "updated_at"))
        var user = NewUser(id: id, username: username, firstName: firstName, lastName: lastName, passwordCompromised: passwordCompromised)
        user.emailAddresses = try emailAddresses.enumerated().map { (index, email) throws(UserImportError) in
            let field = "email_addresses[\(index)]"
            try check.id(email.id, prefix: "idn", field: field + ".id")
            return NewUser.Email(
                address: email.emailAddress, verified: email.verified, awaitingVerification: email.awaitingVerification, id: email.id,
                createdAt: try check.time(email.createdAt, field: field + ".created_at"))
        }
        user.phoneNumbers = try phoneNumbers.enumerated().map { (index, phone) throws(UserImportError) in
            let field = "phone_numbers[\(index)]"
            try check.id(phone.id, prefix: "idn", field: field + ".id")
            return NewUser.Phone(
                number: phone.phoneNumber, verified: phone.verified, awaitingVerification: phone.awaitingVerification,
                reservedForSecondFactor: phone.reservedForSecondFactor, defaultSecondFactor: phone.defaultSecondFactor, id: phone.id,
                createdAt: try check.time(phone.createdAt, field: field + ".created_at"))
        }
        if let password {
            guard password.hasher == ExportedPassword.bcrypt else { throw check.failure("password.hasher", .unsupportedHasher) }
            user.passwordDigest = password.digest
            history.passwordUpdatedAt = try check.timeIfSet(password.updatedAt, field: "password.updated_at")
        }
        if let totp {
            if let totpID = totp.id { try check.id(totpID, prefix: "totp", field: "totp.id") }
            user.totp = .secret(totp.secret)
            history.totpID = totp.id
            history.totpEnabledAt = try check.timeIfSet(totp.enabledAt, field: "totp.enabled_at")
            history.lastTOTPStep = totp.lastUsedStep
        }
        if let backupCodes { user.backupCodes = .digests(try backupCodeSet(backupCodes, check)) }
        if let lockout {
            guard (0...maxAttempts).contains(lockout.failedAttempts) else {
                throw check.failure("lockout.failed_attempts", .attemptsOutOfRange(max: maxAttempts))
            }
            history.lockout = LockoutState(
                failedAttempts: lockout.failedAttempts, lockedUntil: try check.timeIfSet(lockout.lockedUntil, field: "lockout.locked_until"))
        }
        user.unsafeMetadata = unsafeMetadata
        history.legalAcceptedAt = try check.timeIfSet(legalAcceptedAt, field: "legal_accepted_at")
        history.mfaEnabledAt = try check.timeIfSet(mfaEnabledAt, field: "mfa_enabled_at")
        history.lastSignInAt = try check.timeIfSet(lastSignInAt, field: "last_sign_in_at")
        user.history = history
        user.externalAccounts = try (externalAccounts ?? []).enumerated().map { (index, account) throws(UserImportError) in
            try account.record(check, field: "external_accounts[\(index)]")
        }
        user.passkeys = try (passkeys ?? []).enumerated().map { (index, passkey) throws(UserImportError) in
            try passkey.record(check, field: "passkeys[\(index)]")
        }
        if let passkeyUserHandle {
            guard let handle = ExportedPasskey.bytes(passkeyUserHandle), (1...64).contains(handle.count) else {
                throw check.failure("passkey_user_handle", .invalidBase64URL(bytes: 1...64))
            }
            user.passkeyUserHandle = passkeyUserHandle
        } else if !user.passkeys.isEmpty {
            throw check.failure("passkey_user_handle", .missing)
        }
        return user
    }

    private func backupCodeSet(_ codes: ExportedBackupCodes, _ check: FieldCheck) throws(UserImportError) -> BackupCodeSet {
        guard codes.algorithm == ExportedBackupCodes.sha256 else { throw check.failure("backup_codes.hash", .unsupportedBackupCodeHash) }
        guard let salt = Self.canonicalBase64(codes.salt), (1...64).contains(salt.count) else {
            throw check.failure("backup_codes.salt", .invalidBackupCodeSalt)
        }
        var digests: [[UInt8]] = []
        for (index, digest) in codes.digests.enumerated() {
            guard let bytes = Self.canonicalBase64(digest), bytes.count == 32 else {
                throw check.failure("backup_codes.digests[\(index)]", .invalidBackupCodeDigest)
            }
            digests.append(bytes)
        }
        return BackupCodeSet(salt: salt, unused: digests)
    }

    /// The bytes of standard, padded Base64 written as the export writes it (so it exports back unchanged).
    private static func canonicalBase64(_ text: String) -> [UInt8]? {
        guard let data = Data(base64Encoded: text), data.base64EncodedString() == text else { return nil }
        return Array(data)
    }
}

extension ExportedExternalAccount {
    package init(_ account: ExternalAccountRecord) {
        id = account.id
        provider = account.provider
        providerUserID = account.providerUserID
        emailAddress = account.emailAddress
        firstName = account.firstName
        lastName = account.lastName
        createdAt = ExportTime.milliseconds(account.createdAt)
        updatedAt = ExportTime.milliseconds(account.updatedAt)
    }

    /// The account to link, once its values read: the id, the provider's user id (1 to 255
    /// characters, no control character), the address, the names and the times.
    fileprivate func record(_ check: FieldCheck, field: String) throws(UserImportError) -> ExternalAccountRecord {
        try check.id(id, prefix: "eac", field: field + ".id")
        guard (1...255).contains(providerUserID.count), !providerUserID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw check.failure(field + ".provider_user_id", .invalidProviderUserID) }
        let email = IdentifierFormat.normalizedEmail(emailAddress)
        guard IdentifierFormat.isValidEmail(email) else { throw check.failure(field + ".email_address", .invalidEmailAddress) }
        let names: (String?, String?)
        do {
            names = (try UserFieldRules.name(ifSet: firstName, parameter: "first_name"), try UserFieldRules.name(ifSet: lastName, parameter: "last_name"))
        } catch {
            throw check.failure(field + (error.paramName == "last_name" ? ".last_name" : ".first_name"), .invalidName)
        }
        let identity = VerifiedIdentity(
            provider: provider, strategy: provider.tokenStrategies[0], subject: providerUserID, emailAddress: email, firstName: names.0,
            lastName: names.1)
        var record = ExternalAccountRecord(identity, now: try check.time(createdAt, field: field + ".created_at"))
        record.id = id
        record.updatedAt = try check.time(updatedAt, field: field + ".updated_at")
        return record
    }
}

/// Checks of one user's values, each failure naming the field within the document.
struct FieldCheck {
    let path: String
    /// Nil for a field of an organization.
    let userID: String?

    func failure(_ field: String, _ problem: UserImportError.Problem) -> UserImportError {
        UserImportError(field: path + "." + field, userID: userID, problem: problem)
    }

    /// `prefix_` then 1 to 64 ASCII letters or digits, as Clerk's ids are: they end up in URL paths.
    func id(_ value: String, prefix: String, field: String) throws(UserImportError) {
        guard value.hasPrefix(prefix + "_") else { throw failure(field, .invalidID) }
        let rest = value.utf8.dropFirst(prefix.utf8.count + 1)
        guard (1...64).contains(rest.count), rest.allSatisfy(Self.isASCIILetterOrDigit) else { throw failure(field, .invalidID) }
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    func time(_ milliseconds: Int64, field: String) throws(UserImportError) -> Date {
        guard ExportTime.range.contains(milliseconds) else { throw failure(field, .invalidTime) }
        return ExportTime.date(milliseconds)
    }

    func timeIfSet(_ milliseconds: Int64?, field: String) throws(UserImportError) -> Date? {
        guard let milliseconds else { return nil }
        return try time(milliseconds, field: field)
    }
}

/// Times in the export: Unix milliseconds. A time rounded to them converts back to the same
/// number, so a document survives import and export unchanged.
package enum ExportTime {
    /// 1970 to the end of 9999.
    package static let range: ClosedRange<Int64> = 0...253_402_300_799_999

    package static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return 0 }
        return Int64(min(max(value, Double(range.lowerBound)), Double(range.upperBound)))
    }

    package static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

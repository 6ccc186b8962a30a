import ClerkAPI
import Foundation

extension FrontendStore {
    /// Creates a user with verified identifiers. The password arrives already hashed.
    func seed(_ seed: SeedUser, passwordHash: String?) throws(FrontendError) -> SeededUser {
        let now = self.now
        var user = UserRecord(id: SecureRandom.identifier(prefix: "user"), createdAt: now, updatedAt: now)
        if let raw = seed.emailAddress {
            let email = IdentifierFormat.normalizedEmail(raw)
            guard IdentifierFormat.isValidEmail(email) else { throw .invalidEmail("email_address") }
            guard userIDsByEmail[email] == nil else { throw .identifierExists("email_address") }
            user.emails = [EmailRecord(id: SecureRandom.identifier(prefix: "idn"), address: email, verified: true, createdAt: now)]
        }
        if let raw = seed.phoneNumber {
            guard let phone = IdentifierFormat.normalizedPhone(raw) else { throw .invalidPhone("phone_number") }
            guard userIDsByPhone[phone] == nil else { throw .identifierExists("phone_number") }
            user.phones = [
                PhoneRecord(
                    id: SecureRandom.identifier(prefix: "idn"), number: phone, verified: true,
                    reservedForSecondFactor: seed.phoneSecondFactor ?? false, createdAt: now)
            ]
        } else if seed.phoneSecondFactor == true {
            throw .missing("phone_number")
        }
        if let username = seed.username {
            guard IdentifierFormat.isValidUsername(username) else { throw .invalidFormat("username") }
            guard userIDsByUsername[username.lowercased()] == nil else { throw .identifierExists("username") }
            user.username = username
        }
        guard !user.identifiers.isEmpty else { throw .missing("email_address") }
        user.firstName = try UserFieldRules.name(ifSet: seed.firstName, parameter: "first_name")
        user.lastName = try UserFieldRules.name(ifSet: seed.lastName, parameter: "last_name")
        user.passwordHash = passwordHash
        user.passwordUpdatedAt = passwordHash == nil ? nil : now

        var totpURI: String?
        var totpSecret = seed.totpSecret
        let generatedTOTP = seed.generateTOTPSecret == true && seed.totpSecret == nil
        if generatedTOTP {
            totpSecret = TOTP.generateSecret()
        }
        if let secret = totpSecret {
            guard let totp = TOTP(base32Secret: secret) else {
                throw .invalidFormat("totp_secret", longMessage: "totp_secret must be a Base32 secret of 1 to \(TOTP.maxSecretBytes) bytes.")
            }
            user.totpSecret = totp.base32Secret
            totpSecret = totp.base32Secret
            totpURI = totp.provisioningURI(account: user.displayIdentifier, issuer: settings.applicationName)
        }
        var backupCodes = seed.backupCodes
        if seed.generateBackupCodes == true, backupCodes == nil {
            backupCodes = BackupCodeSet.generate().codes
        }
        if let codes = backupCodes {
            guard !codes.isEmpty, codes.allSatisfy({ !$0.isEmpty }) else { throw .invalidFormat("backup_codes") }
            user.backupCodes = BackupCodeSet(codes: codes)
        }
        if seed.passwordCompromised == true {
            guard passwordHash != nil else { throw .missing("password") }
            user.passwordCompromised = true
        }
        if user.twoFactorEnabled { user.mfaEnabledAt = now }
        store(user)
        return SeededUser(
            id: user.id, emailAddress: user.primaryEmail?.address, emailAddressID: user.primaryEmail?.id,
            phoneNumber: user.primaryPhone?.number, phoneNumberID: user.primaryPhone?.id, username: user.username,
            // Generated secrets only: a caller who supplied its own secret gets no URI revealing it back.
            totpSecret: generatedTOTP ? totpSecret : nil, totpURI: generatedTOTP ? totpURI : nil,
            backupCodes: seed.generateBackupCodes == true ? backupCodes : nil)
    }

    /// Flags the user's password as compromised: their next session is pending with the
    /// `reset-password` task until they set a new one. Sessions they have now are not affected.
    func flagPasswordCompromised(userID: String) throws(FrontendError) {
        guard var user = users[userID] else { throw .notFound("UserNotFound") }
        guard user.passwordHash != nil else { throw FrontendError(.noPasswordSet) }
        user.passwordCompromised = true
        store(user)
    }

    /// Users without their secrets, for the admin listing.
    func listUsers() -> [SeededUser] {
        users.values.sorted { $0.createdAt < $1.createdAt }.map { user in
            SeededUser(
                id: user.id, emailAddress: user.primaryEmail?.address, emailAddressID: user.primaryEmail?.id,
                phoneNumber: user.primaryPhone?.number, phoneNumberID: user.primaryPhone?.id, username: user.username)
        }
    }
}

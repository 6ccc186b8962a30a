// A seeded user in the terms every entry point shares (`NewUser`), and back.

extension SeedUser {
    /// The user to create: its address and number verified, the number the SMS second factor when
    /// `phone_second_factor` says so.
    package func newUser() throws(FrontendError) -> NewUser {
        if phoneSecondFactor == true, phoneNumber == nil { throw .missing("phone_number") }
        var user = NewUser()
        user.emailAddresses = emailAddress.map { [NewUser.Email(address: $0)] } ?? []
        user.phoneNumbers = phoneNumber.map { [NewUser.Phone(number: $0, reservedForSecondFactor: phoneSecondFactor ?? false)] } ?? []
        user.username = username
        user.firstName = firstName
        user.lastName = lastName
        user.passwordCompromised = passwordCompromised == true
        if let totpSecret {
            user.totp = .secret(totpSecret)
        } else if generateTOTPSecret == true {
            user.totp = .generated
        }
        if let backupCodes {
            user.backupCodes = .codes(backupCodes)
        } else if generateBackupCodes == true {
            user.backupCodes = .generated
        }
        return user
    }
}

extension SeededUser {
    /// The created user's ids and the secrets generated for it; a caller who supplied its own TOTP
    /// secret gets no URI revealing it back.
    package init(_ created: CreatedUser, seed: SeedUser) {
        let user = created.record
        self.init(
            id: user.id, emailAddress: user.primaryEmail?.address, emailAddressID: user.primaryEmail?.id,
            phoneNumber: user.primaryPhone?.number, phoneNumberID: user.primaryPhone?.id, username: user.username,
            totpSecret: created.generatedTOTPSecret, totpURI: created.generatedTOTPURI,
            backupCodes: seed.generateBackupCodes == true ? seed.backupCodes ?? created.generatedBackupCodes : nil)
    }
}

// A user of an import refused by the check every new user passes (`UserIntake`), named as the
// document names it: the JSON path of the field, and the user's id.

extension UserImportError {
    package init(_ refusal: NewUserRefusal, in document: UserExportDocument) {
        let userID = document.users.indices.contains(refusal.index) ? document.users[refusal.index].id : nil
        let path = Self.path(refusal.index, refusal.field)
        switch refusal.problem {
        case .invalid, .rejected:
            self.init(field: path, userID: userID, problem: Self.invalid(refusal.field))
        case .repeats(let index, let field):
            self.init(field: path, userID: userID, problem: .duplicate(of: Self.path(index, field)))
        case .taken(let owner):
            let problem: Problem =
                switch refusal.field {
                case .id: .userExists
                case .emailAddressID, .phoneNumberID: .idTaken(byUserID: owner)
                default: .identifierTaken(byUserID: owner)
                }
            self.init(field: path, userID: userID, problem: problem)
        case .missing:
            // A flag that needs a password names the password, not its digest.
            self.init(field: refusal.field == .password ? "users[\(refusal.index)].password" : path, userID: userID, problem: .missing)
        case .noIdentifier:
            self.init(field: path, userID: userID, problem: .noIdentifier)
        case .unverifiedSecondFactor:
            self.init(field: path, userID: userID, problem: .unverifiedSecondFactor)
        }
    }

    /// `users[3].email_addresses[0].email_address`.
    private static func path(_ index: Int, _ field: NewUserField) -> String {
        "users[\(index)]." + Self.field(field)
    }

    private static func field(_ field: NewUserField) -> String {
        switch field {
        case .id: "id"
        case .emailAddress(let index): "email_addresses[\(index)].email_address"
        case .emailAddressID(let index): "email_addresses[\(index)].id"
        case .phoneNumber(let index): "phone_numbers[\(index)].phone_number"
        case .phoneNumberID(let index): "phone_numbers[\(index)].id"
        case .secondFactor(let index): "phone_numbers[\(index)].reserved_for_second_factor"
        case .identifiers: "email_addresses"
        case .username: "username"
        case .firstName: "first_name"
        case .lastName: "last_name"
        case .password: "password.digest"
        case .totpSecret: "totp.secret"
        case .backupCodes: "backup_codes"
        case .unsafeMetadata: "unsafe_metadata"
        case .externalAccount(let index): "external_accounts[\(index)].provider_user_id"
        case .passkey(let index): "passkeys[\(index)].credential_id"
        }
    }

    private static func invalid(_ field: NewUserField) -> Problem {
        switch field {
        case .id, .emailAddressID, .phoneNumberID: .invalidID
        case .emailAddress, .identifiers: .invalidEmailAddress
        case .phoneNumber, .secondFactor: .invalidPhoneNumber
        case .username: .invalidUsername
        case .firstName, .lastName: .invalidName
        case .password: .invalidPasswordDigest
        case .totpSecret: .invalidTOTPSecret
        case .backupCodes: .invalidBackupCodeDigest
        case .unsafeMetadata: .invalidMetadata
        case .externalAccount: .invalidProviderUserID
        case .passkey: .invalidBase64URL(bytes: 1...1023)
        }
    }
}

/// Why a new user was refused: which of its fields, and what is wrong with it. Each entry point
/// names the field its own way: a parameter of the admin or Backend API (`FrontendError(_:)`), a
/// path in an import document (`UserImportError(_:in:)`).
package struct NewUserRefusal: Error, Sendable {
    /// The user's place in the batch; 0 for a single user.
    package var index: Int
    package var field: NewUserField
    package var problem: Problem

    package enum Problem: Sendable {
        /// Not a value of the field's kind (an email address, a Base32 secret, …).
        case invalid
        /// Refused by a rule that has its own error (names, metadata bounds, the password policy).
        case rejected(FrontendError)
        /// The same value as `field` of the batch's user at `index` (possibly this one).
        case repeats(index: Int, field: NewUserField)
        /// Already a value of this server's user.
        case taken(byUserID: String)
        case missing
        /// A user needs an email address, a phone number or a username that is not awaiting verification.
        case noIdentifier
        /// A phone number reserved for second factor that is not verified.
        case unverifiedSecondFactor
    }
}

/// A field of `NewUser`, with the index of an address or number.
package enum NewUserField: Sendable, Hashable {
    case id
    case emailAddress(Int)
    case emailAddressID(Int)
    case phoneNumber(Int)
    case phoneNumberID(Int)
    case secondFactor(Int)
    case username
    /// The identifiers together (a user without any).
    case identifiers
    case firstName
    case lastName
    case password
    case totpSecret
    case backupCodes
    case unsafeMetadata
    /// The provider's user id of the external account at this position.
    case externalAccount(Int)
    /// The credential id of the passkey at this position.
    case passkey(Int)

    /// The address or number at `position` of the user's email addresses or phone numbers.
    package static func identifier(_ kind: IdentifierKind, _ position: Int) -> NewUserField {
        kind == .phoneNumber ? .phoneNumber(position) : .emailAddress(position)
    }

    /// The id of the address or number at `position`.
    package static func identificationID(_ kind: IdentifierKind, _ position: Int) -> NewUserField {
        kind == .phoneNumber ? .phoneNumberID(position) : .emailAddressID(position)
    }

    /// The parameter the admin and Backend APIs name.
    package var parameter: String {
        switch self {
        case .id: "id"
        case .emailAddress, .emailAddressID, .identifiers: "email_address"
        case .phoneNumber, .phoneNumberID: "phone_number"
        case .secondFactor: "phone_second_factor"
        case .username: "username"
        case .firstName: "first_name"
        case .lastName: "last_name"
        case .password: "password"
        case .totpSecret: "totp_secret"
        case .backupCodes: "backup_codes"
        case .unsafeMetadata: "unsafe_metadata"
        case .externalAccount: "external_accounts"
        case .passkey: "passkeys"
        }
    }
}

extension FrontendError {
    /// A refused user as the admin and Backend APIs answer it, in Clerk's envelope.
    package init(_ refusal: NewUserRefusal) {
        let parameter = refusal.field.parameter
        switch (refusal.field, refusal.problem) {
        case (_, .rejected(let error)): self = error
        case (.emailAddress, .invalid): self = .invalidEmail(parameter)
        case (.phoneNumber, .invalid): self = .invalidPhone(parameter)
        case (.totpSecret, .invalid):
            self = .invalidFormat(parameter, longMessage: "totp_secret must be a Base32 secret of 1 to \(TOTP.maxSecretBytes) bytes.")
        case (.unsafeMetadata, .invalid): self = .invalidFormat(parameter, longMessage: "unsafe_metadata must be a JSON object.")
        case (_, .invalid), (_, .unverifiedSecondFactor): self = .invalidFormat(parameter)
        case (_, .repeats), (_, .taken): self = .identifierExists(parameter)
        case (_, .missing), (_, .noIdentifier): self = .missing(parameter)
        }
    }
}

import ClerkAPI

/// A user to create directly, bypassing sign-up: what tests and demos start from.
/// Encoded with snake_case keys on the admin HTTP API.
public struct SeedUser: Codable, Sendable, Hashable {
    public var emailAddress: String?
    public var phoneNumber: String?
    public var username: String?
    /// Stored as a bcrypt hash; not checked against the password policy, so tests can seed anything
    /// bcrypt stores whole (no control characters, at most 72 bytes).
    public var password: String?
    public var firstName: String?
    public var lastName: String?
    /// An authenticator-app secret in Base32; see `generateTOTPSecret`.
    public var totpSecret: String?
    /// Create a fresh TOTP secret (returned once, with its otpauth URI).
    public var generateTOTPSecret: Bool?
    /// Backup codes to store (hashed); see `generateBackupCodes`.
    public var backupCodes: [String]?
    /// Create ten fresh backup codes (returned once).
    public var generateBackupCodes: Bool?
    /// Use the phone number as the SMS second factor.
    public var phoneSecondFactor: Bool?
    /// Flag the password as compromised: the user's next session is pending with `reset-password`.
    public var passwordCompromised: Bool?

    public init(
        emailAddress: String? = nil, phoneNumber: String? = nil, username: String? = nil, password: String? = nil,
        firstName: String? = nil, lastName: String? = nil, totpSecret: String? = nil, generateTOTPSecret: Bool? = nil,
        backupCodes: [String]? = nil, generateBackupCodes: Bool? = nil, phoneSecondFactor: Bool? = nil,
        passwordCompromised: Bool? = nil
    ) {
        self.emailAddress = emailAddress
        self.phoneNumber = phoneNumber
        self.username = username
        self.password = password
        self.firstName = firstName
        self.lastName = lastName
        self.totpSecret = totpSecret
        self.generateTOTPSecret = generateTOTPSecret
        self.backupCodes = backupCodes
        self.generateBackupCodes = generateBackupCodes
        self.phoneSecondFactor = phoneSecondFactor
        self.passwordCompromised = passwordCompromised
    }

    package enum CodingKeys: String, CodingKey {
        case emailAddress = "email_address"
        case phoneNumber = "phone_number"
        case username, password
        case firstName = "first_name"
        case lastName = "last_name"
        case totpSecret = "totp_secret"
        case generateTOTPSecret = "generate_totp_secret"
        case backupCodes = "backup_codes"
        case generateBackupCodes = "generate_backup_codes"
        case phoneSecondFactor = "phone_second_factor"
        case passwordCompromised = "password_compromised"
    }
}

/// The created user: its ids, and the secrets generated for it (shown only here, once).
public struct SeededUser: Codable, Sendable, Hashable {
    public var id: String
    public var emailAddress: String?
    public var emailAddressID: String?
    public var phoneNumber: String?
    public var phoneNumberID: String?
    public var username: String?
    public var totpSecret: String?
    public var totpURI: String?
    public var backupCodes: [String]?

    package enum CodingKeys: String, CodingKey {
        case id
        case emailAddress = "email_address"
        case emailAddressID = "email_address_id"
        case phoneNumber = "phone_number"
        case phoneNumberID = "phone_number_id"
        case username
        case totpSecret = "totp_secret"
        case totpURI = "totp_uri"
        case backupCodes = "backup_codes"
    }
}

extension SeedUser: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "SeedUser(email_address: \(emailAddress ?? "nil"), phone_number: \(phoneNumber ?? "nil"), username: \(username ?? "nil"), password: \(password == nil ? "nil" : Redaction.placeholder), totp_secret: \(totpSecret == nil ? "nil" : Redaction.placeholder), backup_codes: \(backupCodes == nil ? "nil" : Redaction.placeholder))"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["description": description])
    }
}

extension SeededUser: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "SeededUser(id: \(id), email_address: \(emailAddress ?? "nil"), phone_number: \(phoneNumber ?? "nil"), totp_secret: \(totpSecret == nil ? "nil" : Redaction.placeholder), backup_codes: \(backupCodes == nil ? "nil" : Redaction.placeholder))"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["description": description])
    }
}

import ClerkAPI
import Foundation

/// The users of an instance as a file: `clerk-local export` writes it, `clerk-local --import` and
/// `POST /__local/admin/import` read it. Versioned JSON with snake_case keys and times in Unix
/// milliseconds, described field by field in `Examples/ClerkLocal/Docs/user-export-format.md`.
///
/// It carries every user's secrets as the server keeps them (bcrypt digests, TOTP secrets, backup
/// code digests), so that each user signs in on the importing instance exactly as before; it
/// leaves out what is transient (codes in flight, an unfinished authenticator enrolment).
/// Its description names users and counts only. From version 2 it also carries the organizations,
/// their memberships and pending invitations, and from version 3 their domains and pending membership
/// requests, and from version 4 the users' trusted devices and the waitlist's entries; a version 1, 2 or 3
/// document (without them) still imports.
public struct UserExportDocument: Encodable, Sendable, Hashable {
    public static let format = "clerk-local-users"
    /// The version written.
    public static let version = 4
    /// The versions read.
    public static let readableVersions: ClosedRange<Int> = 1...4

    package var format: String
    package var version: Int
    /// Unix milliseconds.
    package var exportedAt: Int64
    /// Sorted by id.
    package var users: [ExportedUser]
    /// Sorted by id (none in a version 1 document).
    package var organizations: [ExportedOrganization]
    /// Enrolled and removed trusted devices, sorted by id (from version 4).
    package var trustedDevices: [ExportedTrustedDevice]
    /// Sorted by id (from version 4).
    package var waitlistEntries: [ExportedWaitlistEntry]

    package init(
        exportedAt: Int64, users: [ExportedUser], organizations: [ExportedOrganization] = [], trustedDevices: [ExportedTrustedDevice] = [],
        waitlistEntries: [ExportedWaitlistEntry] = []
    ) {
        format = Self.format
        version = Self.version
        self.exportedAt = exportedAt
        self.users = users
        self.organizations = organizations
        self.trustedDevices = trustedDevices
        self.waitlistEntries = waitlistEntries
    }

    /// The version that introduced each top-level key after the first.
    static let introducedIn: [CodingKeys: Int] = [.organizations: 2, .trustedDevices: 4, .waitlistEntries: 4]

    public var userCount: Int { users.count }

    /// The document as a file holds it: pretty-printed, keys sorted, and slashes (bcrypt digests
    /// and Base64 have them) not escaped.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case format, version
        case exportedAt = "exported_at"
        case users, organizations
        case trustedDevices = "trusted_devices"
        case waitlistEntries = "waitlist_entries"
    }
}

/// One user. Optional fields are written only when set; absent and `null` mean the same.
package struct ExportedUser: Encodable, Sendable, Hashable {
    package var id: String
    package var username: String?
    package var firstName: String?
    package var lastName: String?
    package var emailAddresses: [ExportedEmailAddress]
    package var phoneNumbers: [ExportedPhoneNumber]
    package var password: ExportedPassword?
    package var passwordCompromised: Bool
    package var totp: ExportedTOTP?
    package var backupCodes: ExportedBackupCodes?
    package var lockout: ExportedLockout?
    package var unsafeMetadata: JSONValue
    package var legalAcceptedAt: Int64?
    package var mfaEnabledAt: Int64?
    package var lastSignInAt: Int64?
    package var createdAt: Int64
    package var updatedAt: Int64
    /// Identity providers' accounts linked to the user; absent when there is none.
    package var externalAccounts: [ExportedExternalAccount]? = nil
    /// Registered passkeys; absent when there is none.
    package var passkeys: [ExportedPasskey]? = nil
    /// The WebAuthn user handle the user's passkeys were created with (unpadded base64url).
    package var passkeyUserHandle: String? = nil

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, username
        case firstName = "first_name"
        case lastName = "last_name"
        case emailAddresses = "email_addresses"
        case phoneNumbers = "phone_numbers"
        case password
        case passwordCompromised = "password_compromised"
        case totp
        case backupCodes = "backup_codes"
        case lockout
        case unsafeMetadata = "unsafe_metadata"
        case legalAcceptedAt = "legal_accepted_at"
        case mfaEnabledAt = "mfa_enabled_at"
        case lastSignInAt = "last_sign_in_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case externalAccounts = "external_accounts"
        case passkeys
        case passkeyUserHandle = "passkey_user_handle"
    }
}

package struct ExportedEmailAddress: Encodable, Sendable, Hashable {
    package var id: String
    package var emailAddress: String
    package var verified: Bool
    /// Added on the account and not verified yet: not a sign-in identifier until it is.
    package var awaitingVerification: Bool
    package var createdAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case emailAddress = "email_address"
        case verified
        case awaitingVerification = "awaiting_verification"
        case createdAt = "created_at"
    }
}

package struct ExportedPhoneNumber: Encodable, Sendable, Hashable {
    package var id: String
    /// E.164.
    package var phoneNumber: String
    package var verified: Bool
    package var awaitingVerification: Bool
    package var reservedForSecondFactor: Bool
    package var defaultSecondFactor: Bool
    package var createdAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case phoneNumber = "phone_number"
        case verified
        case awaitingVerification = "awaiting_verification"
        case reservedForSecondFactor = "reserved_for_second_factor"
        case defaultSecondFactor = "default_second_factor"
        case createdAt = "created_at"
    }
}

package struct ExportedPassword: Encodable, Sendable, Hashable {
    package static let bcrypt = "bcrypt"

    /// Always `bcrypt`.
    package var hasher: String
    package var digest: String
    package var updatedAt: Int64?

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case hasher, digest
        case updatedAt = "updated_at"
    }
}

package struct ExportedTOTP: Encodable, Sendable, Hashable {
    /// Set for an app enrolled through the account API; a seeded secret has none.
    package var id: String?
    /// Base32, upper-case, unpadded.
    package var secret: String
    package var enabledAt: Int64?
    /// The last time step whose code was accepted: that code and earlier ones stay refused as replays.
    package var lastUsedStep: Int64?

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, secret
        case enabledAt = "enabled_at"
        case lastUsedStep = "last_used_step"
    }
}

/// The digests of the unused backup codes: SHA-256 of the salt's bytes followed by the code's
/// UTF-8, lower-cased and without spaces or dashes; salt and digests in standard Base64.
package struct ExportedBackupCodes: Encodable, Sendable, Hashable {
    package static let sha256 = "sha256"

    /// Always `sha256`.
    package var algorithm: String
    package var salt: String
    package var digests: [String]

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case algorithm = "hash"
        case salt, digests
    }
}

/// Failed secret attempts since the last success, and the lock they led to.
package struct ExportedLockout: Encodable, Sendable, Hashable {
    package var failedAttempts: Int
    package var lockedUntil: Int64?

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case failedAttempts = "failed_attempts"
        case lockedUntil = "locked_until"
    }
}

import ClerkAPI
import Foundation

struct EmailRecord: Sendable {
    var id: String
    var address: String
    var verified: Bool
    var createdAt: Date
}

struct PhoneRecord: Sendable {
    var id: String
    var number: String
    var verified: Bool
    /// Used as the SMS second factor.
    var reservedForSecondFactor: Bool
    var createdAt: Date
}

/// A user as the server keeps it: secrets only as bcrypt hashes, digests or the TOTP key.
struct UserRecord: Sendable {
    var id: String
    var emails: [EmailRecord] = []
    var phones: [PhoneRecord] = []
    var username: String?
    var firstName: String?
    var lastName: String?
    var passwordHash: String?
    var passwordUpdatedAt: Date?
    /// Base32 TOTP secret, present once an authenticator app is set up.
    var totpSecret: String?
    /// The last TOTP time step accepted: a code of this step or an earlier one is a replay.
    var lastTOTPStep: Int64?
    var backupCodes: BackupCodeSet?
    var lockout = LockoutState()
    var unsafeMetadata: JSONValue = .object([:])
    var legalAcceptedAt: Date?
    var mfaEnabledAt: Date?
    var lastSignInAt: Date?
    var createdAt: Date
    var updatedAt: Date

    var primaryEmail: EmailRecord? { emails.first }
    var primaryPhone: PhoneRecord? { phones.first }
    var secondFactorPhone: PhoneRecord? { phones.first { $0.reservedForSecondFactor } }
    var hasTOTP: Bool { totpSecret != nil }
    var hasBackupCodes: Bool { (backupCodes?.remaining ?? 0) > 0 }
    var twoFactorEnabled: Bool { hasTOTP || secondFactorPhone != nil || hasBackupCodes }

    /// The identifier shown for the user: email, then phone, then username.
    var displayIdentifier: String {
        primaryEmail?.address ?? primaryPhone?.number ?? username ?? id
    }

    var identifiers: [String] {
        emails.map(\.address) + phones.map(\.number) + [username].compactMap { $0 }
    }
}

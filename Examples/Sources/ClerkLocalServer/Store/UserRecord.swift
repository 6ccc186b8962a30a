import ClerkAPI
import Foundation

struct EmailRecord: Sendable, Codable {
    var id: String
    var address: String
    var verified: Bool
    var createdAt: Date
    /// The code sent to verify it, while one is outstanding (account API).
    var challenge: CodeChallenge? = nil
    /// Added through the account API and not verified yet: no sign-in identifier, factor or primary.
    var awaitingVerification = false
}

struct PhoneRecord: Sendable, Codable {
    var id: String
    var number: String
    var verified: Bool
    /// Used as the SMS second factor.
    var reservedForSecondFactor: Bool
    var createdAt: Date
    /// The code sent to verify it, while one is outstanding (account API).
    var challenge: CodeChallenge? = nil
    /// Added through the account API and not verified yet: no sign-in identifier, factor or primary.
    var awaitingVerification = false
    /// The reserved number second-factor codes go to when there are several.
    var defaultSecondFactor = false
}

/// A user as the server keeps it: secrets only as bcrypt hashes, digests or the TOTP key.
struct UserRecord: Sendable, Codable {
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
    /// An authenticator-app enrolment started but not yet verified with a code.
    var pendingTOTP: PendingTOTP?
    /// The id and time of the verified authenticator-app enrolment.
    var totpID: String?
    var totpEnabledAt: Date?
    /// Flagged by the admin API: the next session is pending with the `reset-password` task.
    var passwordCompromised = false
    var lockout = LockoutState()
    var unsafeMetadata: JSONValue = .object([:])
    var legalAcceptedAt: Date?
    var mfaEnabledAt: Date?
    var lastSignInAt: Date?
    var createdAt: Date
    var updatedAt: Date

    var primaryEmail: EmailRecord? { emails.first { !$0.awaitingVerification } }
    var primaryPhone: PhoneRecord? { phones.first { !$0.awaitingVerification } }
    var secondFactorPhone: PhoneRecord? {
        phones.first { $0.reservedForSecondFactor && $0.defaultSecondFactor } ?? phones.first { $0.reservedForSecondFactor }
    }
    var hasTOTP: Bool { totpSecret != nil }
    var hasBackupCodes: Bool { (backupCodes?.remaining ?? 0) > 0 }
    var twoFactorEnabled: Bool { hasTOTP || secondFactorPhone != nil || hasBackupCodes }

    /// The identifier shown for the user: email, then phone, then username.
    var displayIdentifier: String {
        primaryEmail?.address ?? primaryPhone?.number ?? username ?? id
    }

    var identifiers: [String] {
        emails.filter { !$0.awaitingVerification }.map(\.address) + phones.filter { !$0.awaitingVerification }.map(\.number)
            + [username].compactMap { $0 }
    }
}

/// An authenticator-app secret handed out by `POST /v1/me/totp`, not yet proven with a code.
struct PendingTOTP: Sendable, Codable {
    var id: String
    /// Base32.
    var secret: String
    var createdAt: Date
}

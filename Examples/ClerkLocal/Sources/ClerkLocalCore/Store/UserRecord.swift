import ClerkAPI
import Foundation

package struct EmailRecord: Sendable, Codable {
    package var id: String
    package var address: String
    package var verified: Bool
    package var createdAt: Date
    /// The code sent to verify it, while one is outstanding (account API).
    package var challenge: CodeChallenge? = nil
    /// Added through the account API and not verified yet: no sign-in identifier, factor or primary.
    package var awaitingVerification = false
}

package struct PhoneRecord: Sendable, Codable {
    package var id: String
    package var number: String
    package var verified: Bool
    /// Used as the SMS second factor.
    package var reservedForSecondFactor: Bool
    package var createdAt: Date
    /// The code sent to verify it, while one is outstanding (account API).
    package var challenge: CodeChallenge? = nil
    /// Added through the account API and not verified yet: no sign-in identifier, factor or primary.
    package var awaitingVerification = false
    /// The reserved number second-factor codes go to when there are several.
    package var defaultSecondFactor = false
}

/// A user as the server keeps it: secrets only as bcrypt hashes, digests or the TOTP key.
package struct UserRecord: Sendable, Codable {
    package var id: String
    package var emails: [EmailRecord] = []
    package var phones: [PhoneRecord] = []
    package var username: String?
    package var firstName: String?
    package var lastName: String?
    package var passwordHash: String?
    package var passwordUpdatedAt: Date?
    /// Base32 TOTP secret, present once an authenticator app is set up.
    package var totpSecret: String?
    /// The last TOTP time step accepted: a code of this step or an earlier one is a replay.
    package var lastTOTPStep: Int64?
    package var backupCodes: BackupCodeSet?
    /// An authenticator-app enrolment started but not yet verified with a code.
    package var pendingTOTP: PendingTOTP?
    /// The id and time of the verified authenticator-app enrolment.
    package var totpID: String?
    package var totpEnabledAt: Date?
    /// Flagged by the admin API: the next session is pending with the `reset-password` task.
    package var passwordCompromised = false
    package var lockout = LockoutState()
    /// Sign-in tokens a backend minted for the user (nil until the first).
    package var signInTokens: [SignInTokenRecord]?
    /// Actor tokens a backend minted to act as the user (nil until the first).
    package var actorTokens: [ActorTokenRecord]?
    /// Identity providers' accounts linked by identity-token sign-ins and sign-ups (nil until the first).
    package var externalAccounts: [ExternalAccountRecord]?
    /// The accounts at enterprise connections' identity providers (`enterprise_sso`); nil in records written before they existed.
    package var enterpriseAccounts: [EnterpriseAccountRecord]?
    /// Passkeys, registered or pending (nil until the first).
    package var passkeys: [PasskeyRecord]?
    /// The WebAuthn user handle (`user.id` of the creation options, base64url of 32 random bytes), made at the
    /// first passkey registration: random, so that an authenticator learns nothing of the user from it.
    package var passkeyUserHandle: String?
    package var unsafeMetadata: JSONValue = .object([:])
    /// The profile image the user uploaded (`POST /v1/me/profile_image`), nil for the default avatar.
    package var profileImage: StoredImage?
    /// Set by the backend (from an accepted invitation); nil reads as `{}`.
    package var publicMetadata: JSONValue?
    /// Set by the backend only, never shown to the Frontend API; nil reads as `{}`.
    package var privateMetadata: JSONValue?
    package var legalAcceptedAt: Date?
    package var mfaEnabledAt: Date?
    package var lastSignInAt: Date?
    package var createdAt: Date
    package var updatedAt: Date

    package var primaryEmail: EmailRecord? { emails.first { !$0.awaitingVerification } }
    package var primaryPhone: PhoneRecord? { phones.first { !$0.awaitingVerification } }
    package var secondFactorPhone: PhoneRecord? {
        phones.first { $0.reservedForSecondFactor && $0.defaultSecondFactor } ?? phones.first { $0.reservedForSecondFactor }
    }
    package var hasTOTP: Bool { totpSecret != nil }
    package var hasBackupCodes: Bool { (backupCodes?.remaining ?? 0) > 0 }
    package var twoFactorEnabled: Bool { hasTOTP || secondFactorPhone != nil || hasBackupCodes }

    /// The identifier shown for the user: email, then phone, then username.
    package var displayIdentifier: String {
        primaryEmail?.address ?? primaryPhone?.number ?? username ?? id
    }

    package var identifiers: [String] {
        emails.filter { !$0.awaitingVerification }.map(\.address) + phones.filter { !$0.awaitingVerification }.map(\.number)
            + [username].compactMap { $0 }
    }
}

/// An authenticator-app secret handed out by `POST /v1/me/totp`, not yet proven with a code.
package struct PendingTOTP: Sendable, Codable {
    package var id: String
    /// Base32.
    package var secret: String
    package var createdAt: Date
}

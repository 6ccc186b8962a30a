import ClerkAPI
import Foundation

/// A user to create, whichever way it arrives: the admin and Swift APIs (`SeedUser`), the
/// dashboard's form, the Backend API's `POST /users` and an import. Each entry point translates its
/// own shape into this; `UserIntake` checks it the one way, and `UserAdministration.createUsers` stores it.
/// Addresses, numbers and names arrive as given: the intake normalizes them.
struct NewUser: Sendable {
    /// Kept from another instance (an import); nil for a new id.
    var id: String?
    var emailAddresses: [Email] = []
    var phoneNumbers: [Phone] = []
    var username: String?
    var firstName: String?
    var lastName: String?
    /// A bcrypt digest: a password is checked and hashed before it gets here (`UserCreation`).
    var passwordDigest: String?
    var passwordCompromised = false
    /// Refuse the user without a password when the instance requires one (the Backend API's rule).
    var requiresPasswordIfInstanceDoes = false
    var totp: TOTPSource?
    var backupCodes: BackupCodeSource?
    /// A JSON object; nil for an empty one.
    var unsafeMetadata: JSONValue?
    /// What an imported user carries over; nil for a user that starts now.
    var history: History?

    /// An admin vouches for what it creates: verified, and a sign-in identifier at once, unless an
    /// import says otherwise.
    struct Email: Sendable {
        var address: String
        var verified = true
        var awaitingVerification = false
        /// Kept from another instance; nil for a new id.
        var id: String?
        var createdAt: Date?
    }

    struct Phone: Sendable {
        var number: String
        var verified = true
        var awaitingVerification = false
        var reservedForSecondFactor = false
        var defaultSecondFactor = false
        var id: String?
        var createdAt: Date?
    }

    enum TOTPSource: Sendable {
        /// Base32, in any case and with spaces.
        case secret(String)
        /// A fresh secret, shown once with its otpauth URI.
        case generated
    }

    enum BackupCodeSource: Sendable {
        /// Codes to store (hashed).
        case codes([String])
        /// Ten fresh codes, shown once.
        case generated
        /// Digests kept from another instance.
        case digests(BackupCodeSet)
    }

    /// The times, lock and authenticator enrolment of a user moved from another instance.
    struct History: Sendable {
        var createdAt: Date
        var updatedAt: Date
        var passwordUpdatedAt: Date?
        var totpID: String?
        var totpEnabledAt: Date?
        var lastTOTPStep: Int64?
        var lockout = LockoutState()
        var legalAcceptedAt: Date?
        var mfaEnabledAt: Date?
        var lastSignInAt: Date?
    }

    /// The identifiers as given, for the password policy (a password may not equal one of them).
    var givenIdentifiers: [String] {
        emailAddresses.map(\.address) + phoneNumbers.map(\.number) + [username].compactMap { $0 }
    }
}

/// A user just created, with the secrets generated for it (shown only here, once).
struct CreatedUser: Sendable {
    var record: UserRecord
    var generatedTOTPSecret: String?
    var generatedTOTPURI: String?
    var generatedBackupCodes: [String]?
}

extension NewUser: CustomStringConvertible, CustomReflectable {
    var description: String {
        "NewUser(id: \(id ?? "new"), identifiers: \(givenIdentifiers), password: \(passwordDigest == nil ? "none" : Redaction.placeholder), totp: \(totp == nil ? "none" : Redaction.placeholder), backup_codes: \(backupCodes == nil ? "none" : Redaction.placeholder))"
    }

    var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension CreatedUser: CustomStringConvertible, CustomReflectable {
    var description: String {
        "CreatedUser(record: \(record), totp_secret: \(generatedTOTPSecret == nil ? "nil" : Redaction.placeholder), backup_codes: \(generatedBackupCodes == nil ? "nil" : Redaction.placeholder))"
    }

    var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

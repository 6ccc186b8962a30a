import ClerkAPI
import Foundation

/// A user to create, whichever way it arrives: the admin and Swift APIs (`SeedUser`), the
/// dashboard's form, the Backend API's `POST /users` and an import. Each entry point translates its
/// own shape into this; `UserIntake` checks it the one way, and `UserAdministration.createUsers` stores it.
/// Addresses, numbers and names arrive as given: the intake normalizes them.
package struct NewUser: Sendable {
    /// Kept from another instance (an import); nil for a new id.
    package var id: String?
    package var emailAddresses: [Email] = []
    package var phoneNumbers: [Phone] = []
    package var username: String?
    package var firstName: String?
    package var lastName: String?
    /// A bcrypt digest: a password is checked and hashed before it gets here (`UserCreation`).
    package var passwordDigest: String?
    package var passwordCompromised = false
    /// Refuse the user without a password when the instance requires one (the Backend API's rule).
    package var requiresPasswordIfInstanceDoes = false
    package var totp: TOTPSource?
    package var backupCodes: BackupCodeSource?
    /// A JSON object; nil for an empty one.
    package var unsafeMetadata: JSONValue?
    /// What an imported user carries over; nil for a user that starts now.
    package var history: History?
    /// Identity providers' accounts linked to the user (an import).
    package var externalAccounts: [ExternalAccountRecord] = []
    /// Registered passkeys (an import), and the WebAuthn user handle they were created with.
    package var passkeys: [PasskeyRecord] = []
    package var passkeyUserHandle: String?

    /// An admin vouches for what it creates: verified, and a sign-in identifier at once, unless an
    /// import says otherwise.
    package struct Email: Sendable {
        package var address: String
        package var verified = true
        package var awaitingVerification = false
        /// Kept from another instance; nil for a new id.
        package var id: String?
        package var createdAt: Date?
    }

    package struct Phone: Sendable {
        package var number: String
        package var verified = true
        package var awaitingVerification = false
        package var reservedForSecondFactor = false
        package var defaultSecondFactor = false
        package var id: String?
        package var createdAt: Date?
    }

    package enum TOTPSource: Sendable {
        /// Base32, in any case and with spaces.
        case secret(String)
        /// A fresh secret, shown once with its otpauth URI.
        case generated
    }

    package enum BackupCodeSource: Sendable {
        /// Codes to store (hashed).
        case codes([String])
        /// Ten fresh codes, shown once.
        case generated
        /// Digests kept from another instance.
        case digests(BackupCodeSet)
    }

    /// The times, lock and authenticator enrolment of a user moved from another instance.
    package struct History: Sendable {
        package var createdAt: Date
        package var updatedAt: Date
        package var passwordUpdatedAt: Date?
        package var totpID: String?
        package var totpEnabledAt: Date?
        package var lastTOTPStep: Int64?
        package var lockout = LockoutState()
        package var legalAcceptedAt: Date?
        package var mfaEnabledAt: Date?
        package var lastSignInAt: Date?
    }

    /// The identifiers as given, for the password policy (a password may not equal one of them).
    package var givenIdentifiers: [String] {
        emailAddresses.map(\.address) + phoneNumbers.map(\.number) + [username].compactMap { $0 }
    }
}

/// A user just created, with the secrets generated for it (shown only here, once).
package struct CreatedUser: Sendable {
    package var record: UserRecord
    package var generatedTOTPSecret: String?
    package var generatedTOTPURI: String?
    package var generatedBackupCodes: [String]?
}

extension NewUser: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "NewUser(id: \(id ?? "new"), identifiers: \(givenIdentifiers), password: \(passwordDigest == nil ? "none" : Redaction.placeholder), totp: \(totp == nil ? "none" : Redaction.placeholder), backup_codes: \(backupCodes == nil ? "none" : Redaction.placeholder))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension CreatedUser: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "CreatedUser(record: \(record), totp_secret: \(generatedTOTPSecret == nil ? "nil" : Redaction.placeholder), backup_codes: \(generatedBackupCodes == nil ? "nil" : Redaction.placeholder))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

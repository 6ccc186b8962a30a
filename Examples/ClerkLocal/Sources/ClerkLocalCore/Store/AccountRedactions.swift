import ClerkAPI

// The account API's records that hold secrets describe themselves without them.

extension PendingTOTP: CustomStringConvertible, CustomReflectable {
    package var description: String { "PendingTOTP(id: \(id), secret: \(Redaction.placeholder))" }
    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension TOTPEnrollment: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "TOTPEnrollment(id: \(id), verified: \(verified), secret: \(secret == nil ? "nil" : Redaction.placeholder), uri: \(uri == nil ? "nil" : Redaction.placeholder), backup_codes: \(backupCodes == nil ? "nil" : Redaction.placeholder))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension IssuedBackupCodes: CustomStringConvertible, CustomReflectable {
    package var description: String { "IssuedBackupCodes(id: \(id), codes: \(Redaction.placeholder))" }
    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension AccountPhone: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "AccountPhone(id: \(phone.id), backup_codes: \(backupCodes == nil ? "nil" : Redaction.placeholder))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension PasswordChangePlan: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "PasswordChangePlan(user_id: \(userID), password: \(passwordHash == nil ? "none" : Redaction.placeholder), needs_current_password: \(needsCurrentPassword))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

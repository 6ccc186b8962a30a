import ClerkAPI

// The export carries password digests, TOTP secrets and backup code digests; printed, dumped or
// logged it shows users and counts, never those.

extension UserExportDocument: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "UserExportDocument(format: \(format), version: \(version), exported_at: \(exportedAt), users: \(users.count))"
    }

    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension ExportedUser: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        let identifiers = emailAddresses.map(\.emailAddress) + phoneNumbers.map(\.phoneNumber) + [username].compactMap { $0 }
        return
            "ExportedUser(id: \(id), identifiers: \(identifiers), password: \(password == nil ? "none" : Redaction.placeholder), totp: \(totp == nil ? "none" : Redaction.placeholder), backup_codes: \(backupCodes?.digests.count ?? 0) left)"
    }

    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension ExportedPassword: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "ExportedPassword(hasher: \(hasher), digest: \(Redaction.placeholder))" }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension ExportedTOTP: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "ExportedTOTP(id: \(id ?? "nil"), secret: \(Redaction.placeholder))" }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension ExportedBackupCodes: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "ExportedBackupCodes(hash: \(algorithm), salt: \(Redaction.placeholder), digests: \(digests.count))" }
    package var debugDescription: String { description }
    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

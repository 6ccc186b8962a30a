import ClerkAPI

// Records that hold secrets (password hashes, TOTP keys, client tokens) describe themselves
// without them, so a stray print or log line cannot leak one.

extension UserRecord: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "UserRecord(id: \(id), identifiers: \(identifiers), password: \(passwordHash == nil ? "none" : Redaction.placeholder), totp: \(totpSecret == nil ? "none" : Redaction.placeholder), backup_codes: \(backupCodes?.remaining ?? 0) left)"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension ClientRecord: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "ClientRecord(id: \(id), token: \(Redaction.placeholder), dev_browser: \(devBrowserToken == nil ? "nil" : Redaction.placeholder), sessions: \(sessionIDs), last_active_session_id: \(lastActiveSessionID ?? "nil"))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension RequestMeta: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "RequestMeta(token: \(token == nil ? "nil" : Redaction.placeholder), dev_browser: \(devBrowserToken == nil ? "nil" : Redaction.placeholder), remote_address: \(remoteAddress))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension CodeChallenge: CustomStringConvertible, CustomReflectable {
    package var description: String {
        "CodeChallenge(destination: \(destination), code: \(Redaction.placeholder), attempts: \(attempts), state: \(state))"
    }

    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

extension BackupCodeSet: CustomStringConvertible, CustomReflectable {
    package var description: String { "BackupCodeSet(remaining: \(remaining))" }
    package var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}

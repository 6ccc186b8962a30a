import Clerk

extension AccountHandle {
    /// Starts enrolling an authenticator app (`POST /v1/me/totp`). Show the user the secret or
    /// the `otpauth://` URI (as a QR code), then call `verifyTOTP(_:)` with the app's first code:
    /// only then is TOTP on. An account whose TOTP is already on answers `totp_already_enabled`.
    public func enrollTOTP() async throws(ClerkError) -> AuthenticatorEnrollment {
        try AuthenticatorEnrollment(try await send(CreateTOTPRequest(clerkSessionID: sessionID)).response)
    }

    /// Verifies the enrolment with a code from the authenticator app
    /// (`POST /v1/me/totp/attempt_verification {code}`, never retried). The answer is the verified
    /// TOTP, with backup codes when the instance enables them (`backupCodeList`, shown once).
    public func verifyTOTP(_ code: SecretString) async throws(ClerkError) -> TOTPResource {
        try await send(VerifyTOTPRequest(clerkSessionID: sessionID, body: .init(code: code.revealed))).response
    }

    /// Removes the authenticator app as second factor (`DELETE /v1/me/totp`). The API refuses to
    /// remove the last second factor where the instance requires one (`second_factor_deletion_not_allowed`).
    @discardableResult
    public func removeTOTP() async throws(ClerkError) -> DeletedObject {
        try await send(DeleteTOTPRequest(clerkSessionID: sessionID)).response
    }
}

extension TOTPResource {
    /// The backup codes that came with the verification, nil when none did.
    public var backupCodeList: BackupCodeList? {
        guard let backupCodes, !backupCodes.isEmpty else { return nil }
        return BackupCodeList(revealed: backupCodes)
    }
}

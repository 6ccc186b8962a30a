import Clerk

extension AccountHandle {
    /// Generates a new set of backup codes (`POST /v1/me/backup_codes`), replacing any earlier
    /// set. Show them to the user once: the API never shows them again. The instance must have
    /// another second factor on for the account (else `backup_codes_not_available`).
    public func generateBackupCodes() async throws(ClerkError) -> BackupCodeList {
        BackupCodeList(revealed: try await send(CreateBackupCodesRequest(clerkSessionID: sessionID)).response.codes)
    }
}

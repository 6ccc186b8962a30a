import Clerk

extension AccountHandle {
    /// Disconnects an OAuth provider's account from the user (`DELETE /v1/me/external_accounts/{id}`);
    /// the user's `externalAccounts` list them. Refused (`last_required_identification_deletion_failed`)
    /// when it is the user's last way to sign in.
    @discardableResult
    public func removeExternalAccount(_ externalAccountID: String) async throws(ClerkError) -> DeletedObject {
        try await send(DeleteExternalAccountRequest(externalAccountID: externalAccountID, clerkSessionID: sessionID)).response
    }
}

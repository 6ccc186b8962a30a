import Clerk

extension AccountHandle {
    /// Changes the password (`POST /v1/me/change_password {current_password, new_password,
    /// sign_out_of_other_sessions}`, never retried). `current` may be nil only where the API does
    /// not ask for it (a user without a password, the `reset-password` task). A wrong current
    /// password answers `form_password_incorrect`; a weak new one `form_password_pwned`,
    /// `form_password_length_too_short` or another `form_password_*` code naming `new_password`.
    public func changePassword(
        current: SecretString?, new: SecretString, signOutOfOtherSessions: Bool = false
    ) async throws(ClerkError) -> User {
        let body = ChangePasswordRequest.Body(
            currentPassword: current?.revealed, newPassword: new.revealed, signOutOfOtherSessions: signOutOfOtherSessions)
        return try await send(ChangePasswordRequest(clerkSessionID: sessionID, body: body)).response
    }
}

import Clerk

extension AccountHandle {
    /// Removes the user's password (`POST /v1/me/remove_password {current_password}`, never
    /// retried). Refused with `password_required` where the instance requires a password or the
    /// password is the user's only way to sign in, with `form_password_incorrect` when `current` is wrong.
    public func removePassword(current: SecretString) async throws(ClerkError) -> User {
        let body = RemovePasswordRequest.Body(currentPassword: current.revealed)
        return try await send(RemovePasswordRequest(clerkSessionID: sessionID, body: body)).response
    }
}

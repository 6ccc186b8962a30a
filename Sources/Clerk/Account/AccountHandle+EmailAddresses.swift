extension AccountHandle {
    /// The user's email addresses (`GET /v1/me/email_addresses`).
    public func emailAddresses() async throws(ClerkError) -> [EmailAddress] {
        try await send(GetEmailAddressesRequest(clerkSessionID: sessionID))
    }

    /// Adds an email address, unverified (`POST /v1/me/email_addresses {email_address}`); then
    /// `sendEmailCode(to:)` and `verifyEmailAddress(_:code:)`.
    public func addEmailAddress(_ emailAddress: String) async throws(ClerkError) -> EmailAddress {
        try await send(CreateEmailAddressRequest(clerkSessionID: sessionID, body: .init(emailAddress: emailAddress))).response
    }

    /// Emails the code that verifies an address
    /// (`POST /v1/me/email_addresses/{id}/prepare_verification {strategy: email_code}`).
    @discardableResult
    public func sendEmailCode(to emailAddressID: String) async throws(ClerkError) -> EmailAddress {
        let body = PrepareEmailAddressVerificationRequest.Body(strategy: .emailCode)
        return try await send(PrepareEmailAddressVerificationRequest(emailID: emailAddressID, clerkSessionID: sessionID, body: body)).response
    }

    /// Verifies an address with the emailed code
    /// (`POST /v1/me/email_addresses/{id}/attempt_verification {code}`, never retried).
    public func verifyEmailAddress(_ emailAddressID: String, code: SecretString) async throws(ClerkError) -> EmailAddress {
        let body = AttemptEmailAddressVerificationRequest.Body(code: code.revealed)
        return try await send(AttemptEmailAddressVerificationRequest(emailID: emailAddressID, clerkSessionID: sessionID, body: body)).response
    }

    /// Makes a verified address the primary one (`PATCH /v1/me {primary_email_address_id}`).
    public func setPrimaryEmailAddress(_ emailAddressID: String) async throws(ClerkError) -> User {
        try await update(.init(primaryEmailAddressID: emailAddressID))
    }

    /// Removes an email address (`DELETE /v1/me/email_addresses/{id}`).
    @discardableResult
    public func removeEmailAddress(_ emailAddressID: String) async throws(ClerkError) -> DeletedObject {
        try await send(DeleteEmailAddressRequest(emailID: emailAddressID, clerkSessionID: sessionID)).response
    }
}

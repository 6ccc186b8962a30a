import Clerk

extension AccountHandle {
    /// The user's phone numbers (`GET /v1/me/phone_numbers`).
    public func phoneNumbers() async throws(ClerkError) -> [PhoneNumber] {
        try await send(GetPhoneNumbersRequest(clerkSessionID: sessionID))
    }

    /// Adds a phone number, unverified (`POST /v1/me/phone_numbers {phone_number}`); then
    /// `sendPhoneCode(to:)` and `verifyPhoneNumber(_:code:)`.
    /// - Throws: `ClerkError.invalidInput` before any request when `phoneNumber` is not E.164.
    public func addPhoneNumber(_ phoneNumber: String) async throws(ClerkError) -> PhoneNumber {
        try PhoneNumberValidation.validate(phoneNumber)
        return try await send(CreatePhoneNumberRequest(clerkSessionID: sessionID, body: .init(phoneNumber: phoneNumber))).response
    }

    /// Texts the code that verifies a phone number
    /// (`POST /v1/me/phone_numbers/{id}/prepare_verification {strategy: phone_code}`).
    @discardableResult
    public func sendPhoneCode(to phoneNumberID: String) async throws(ClerkError) -> PhoneNumber {
        let body = PreparePhoneNumberVerificationRequest.Body(strategy: .phoneCode)
        return try await send(PreparePhoneNumberVerificationRequest(phoneNumberID: phoneNumberID, clerkSessionID: sessionID, body: body)).response
    }

    /// Verifies a phone number with the texted code
    /// (`POST /v1/me/phone_numbers/{id}/attempt_verification {code}`, never retried).
    public func verifyPhoneNumber(_ phoneNumberID: String, code: SecretString) async throws(ClerkError) -> PhoneNumber {
        let body = AttemptPhoneNumberVerificationRequest.Body(code: code.revealed)
        return try await send(AttemptPhoneNumberVerificationRequest(phoneNumberID: phoneNumberID, clerkSessionID: sessionID, body: body)).response
    }

    /// Makes a verified phone number a second factor
    /// (`PATCH /v1/me/phone_numbers/{id} {reserved_for_second_factor: true}`, plus
    /// `default_second_factor: true` when `makeDefault`). The first reservation may answer backup
    /// codes (`phoneNumber.backupCodes`, shown once). An unverified number is refused
    /// (`identification_update_second_factor_unverified`).
    public func reservePhoneNumberForSecondFactor(_ phoneNumberID: String, makeDefault: Bool = false) async throws(ClerkError) -> PhoneNumber {
        try await updatePhoneNumber(phoneNumberID, .init(reservedForSecondFactor: true, defaultSecondFactor: makeDefault ? true : nil))
    }

    /// Makes a reserved phone number the default second factor
    /// (`PATCH /v1/me/phone_numbers/{id} {default_second_factor: true}`).
    public func makeDefaultSecondFactor(phoneNumberID: String) async throws(ClerkError) -> PhoneNumber {
        try await updatePhoneNumber(phoneNumberID, .init(defaultSecondFactor: true))
    }

    /// Stops using a phone number as second factor, keeping the number
    /// (`PATCH /v1/me/phone_numbers/{id} {reserved_for_second_factor: false}`).
    public func releasePhoneNumberFromSecondFactor(_ phoneNumberID: String) async throws(ClerkError) -> PhoneNumber {
        try await updatePhoneNumber(phoneNumberID, .init(reservedForSecondFactor: false))
    }

    /// Removes a phone number (`DELETE /v1/me/phone_numbers/{id}`), and with it its use as second factor.
    @discardableResult
    public func removePhoneNumber(_ phoneNumberID: String) async throws(ClerkError) -> DeletedObject {
        try await send(DeletePhoneNumberRequest(phoneNumberID: phoneNumberID, clerkSessionID: sessionID)).response
    }

    private func updatePhoneNumber(_ phoneNumberID: String, _ body: UpdatePhoneNumberRequest.Body) async throws(ClerkError) -> PhoneNumber {
        try await send(UpdatePhoneNumberRequest(phoneNumberID: phoneNumberID, clerkSessionID: sessionID, body: body)).response
    }
}

extension PhoneNumber {
    /// The backup codes a reservation answered, nil when it answered none.
    public var backupCodeList: BackupCodeList? {
        guard let backupCodes, !backupCodes.isEmpty else { return nil }
        return BackupCodeList(revealed: backupCodes)
    }
}

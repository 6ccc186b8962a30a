import Clerk

extension AccountHandle {
    /// Enrols this app installation as a trusted device of the signed-in user (after a full sign-in): the store
    /// makes a key, `POST /v1/me/trusted_devices/prepare` answers a challenge, the key signs its `client_data`,
    /// `POST /v1/me/trusted_devices/attempt` answers the trusted device, and the store keeps the credential in
    /// place of any earlier one. Two requests. A failed enrolment removes the new key.
    /// - Parameters:
    ///   - appIdentifier: the app's bundle identifier (Clerk binds the device to it).
    ///   - name: a name for the device the user will recognise in the list.
    public func enrollTrustedDevice(
        using store: some TrustedDeviceKeyStore, appIdentifier: String, name: String? = nil, platform: TrustedDevicePlatform = .iOS,
        reason: String = "Use biometrics to enrol this device."
    ) async throws(ClerkError) -> TrustedDevice {
        let strategy = TrustedDeviceStrategy()
        let key = try await store.createKey()
        do throws(ClerkError) {
            let prepare = PrepareTrustedDeviceRequest.Body(
                platform: platform, appIdentifier: appIdentifier, name: name, algorithm: strategy.algorithm, publicKeyJwk: key.publicKeyJWK)
            let challenge = try await send(PrepareTrustedDeviceRequest(clerkSessionID: sessionID, body: prepare)).response
            let signature = try await store.sign(challenge.clientData, keyID: key.keyID, reason: reason)
            let attempt = AttemptTrustedDeviceRequest.Body(
                platform: platform, appIdentifier: appIdentifier, name: name, algorithm: strategy.algorithm, publicKeyJwk: key.publicKeyJWK,
                clientData: challenge.clientData, signature: signature)
            let device = try await send(AttemptTrustedDeviceRequest(clerkSessionID: sessionID, body: attempt)).response
            let earlier = try await store.credential()
            var userID = await cachedUser()?.id
            if userID == nil { userID = try await user().id }
            try await store.keep(TrustedDeviceCredential(trustedDeviceID: device.id, keyID: key.keyID, userID: userID ?? ""))
            if let earlier, earlier.keyID != key.keyID { try? await store.deleteKey(earlier.keyID) }
            return device
        } catch {
            try? await store.deleteKey(key.keyID)
            throw error
        }
    }

    /// The user's active trusted devices (`GET /v1/me/trusted_devices`).
    public func trustedDevices() async throws(ClerkError) -> [TrustedDevice] {
        try await send(ListTrustedDevicesRequest(clerkSessionID: sessionID)).response
    }

    /// Removes a trusted device (`DELETE /v1/me/trusted_devices/{id}`): it can no longer sign in. When `store`
    /// keeps the credential of that device, its key and credential are forgotten too.
    @discardableResult
    public func removeTrustedDevice(_ id: String, forgettingIn store: (any TrustedDeviceKeyStore)? = nil) async throws(ClerkError) -> TrustedDevice {
        let device = try await send(RevokeTrustedDeviceRequest(trustedDeviceID: id, clerkSessionID: sessionID)).response
        if let store, let kept = try await store.credential(), kept.trustedDeviceID == id {
            try await store.forget(kept)
        }
        return device
    }
}

extension ClerkClient {
    /// Whether the credential `store` keeps may still sign in on this client (`POST
    /// /v1/client/trusted_devices/validate`, no session needed). A device Clerk no longer knows (removed, or
    /// answered `trusted_device_not_registered`) is forgotten by the store. False when the store keeps none.
    public func validateTrustedDevice(using store: some TrustedDeviceKeyStore) async throws(ClerkError) -> Bool {
        guard let kept = try await store.credential() else { return false }
        let valid: Bool
        do {
            valid = try await send(ValidateTrustedDeviceRequest(body: .init(trustedDeviceID: kept.trustedDeviceID))).response.valid == true
        } catch  where error.hasCode(.trustedDeviceNotRegistered) || error.hasCode(.formResourceNotFound) {
            valid = false
        }
        if !valid { try await store.forget(kept) }
        return valid
    }

    /// Signs in with the trusted device `store` keeps: `POST /v1/client/sign_ins {strategy: trusted_device,
    /// trusted_device_id}` answers a challenge, the key signs its `client_data` (the store asks for biometrics),
    /// `attempt_first_factor` sends the signature. Two requests. When Clerk no longer knows the device, the store
    /// forgets it and the error is thrown.
    /// - Throws: `ClerkError.invalidInput` (`trusted_device_id`) when the store keeps no credential.
    public func signInWithTrustedDevice(
        using store: some TrustedDeviceKeyStore, reason: String = "Use biometrics to sign in."
    ) async throws(ClerkError) -> SignInHandle {
        guard let kept = try await store.credential() else {
            throw .invalidInput(InvalidInput(field: "trusted_device_id", reason: "this device is not enrolled"))
        }
        let strategy = TrustedDeviceStrategy()
        do {
            let signIn = try await createSignIn(strategy.signInBody(trustedDeviceID: kept.trustedDeviceID))
            let challenge = try strategy.challenge(of: signIn.firstFactorVerification)
            let signature = try await store.sign(challenge.clientData, keyID: kept.keyID, reason: reason)
            return try await signIn.attemptFirstFactor(
                strategy.attemptFirstFactor(trustedDeviceID: kept.trustedDeviceID, clientData: challenge.clientData, signature: signature))
        } catch  where error.hasCode(.trustedDeviceNotRegistered) {
            try? await store.forget(kept)
            throw error
        }
    }
}

extension FlowDriver {
    /// Signs in with the trusted device `store` keeps, then drives the sign-in to a session (a second factor only
    /// when the instance asks for one after it).
    public func signInWithTrustedDevice(using store: some TrustedDeviceKeyStore) async throws(ClerkError) -> ActiveSession {
        try await drive(try await client.signInWithTrustedDevice(using: store))
    }
}

extension TrustedDeviceKeyStore {
    /// Removes the key of `credential` and forgets it.
    func forget(_ credential: TrustedDeviceCredential) async throws(ClerkError) {
        try await deleteKey(credential.keyID)
        try await keep(nil)
    }
}

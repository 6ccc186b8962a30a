import ClerkAPI
import Foundation

/// Sign-in with a trusted device. `POST /v1/client/sign_ins {strategy: trusted_device, trusted_device_id}` answers
/// a sign-in whose first-factor verification carries a challenge for that device; `attempt_first_factor
/// {strategy: trusted_device, trusted_device_id, client_data, signature, algorithm}` answers it with the device
/// key's signature over `client_data`. The key is device-bound and biometric-gated, so the sign-in completes
/// without a second factor, as a passkey's does.
///
/// Every refusal changes nothing: an unknown or removed device, or a locked user, gets no sign-in; a refused
/// signature leaves the challenge unused; a challenge answered once is gone, so a replay is refused.
package struct TrustedDeviceSignInRules: SignInAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension TrustedDeviceSignInRules {
    // MARK: POST /v1/client/sign_ins {strategy: trusted_device}

    package mutating func createTrustedDeviceSignIn(
        _ meta: RequestMeta, _ input: SignInStart, trustedDeviceID: String?
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try admit(meta, identifier: nil)
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        let configuration = try configuration()
        let (device, user) = try activeDevice(trustedDeviceID)
        if let lock = lockError(for: user) { throw lock }
        var signIn = newSignIn(client: client, identifier: nil, userID: nil, concealed: false, locale: input.locale)
        signIn.firstFactors = [FactorRecord(strategy: .trustedDevice)]
        signIn.firstFactor = .trustedDevice(
            challenge: .issue(
                purpose: "trusted_device.sign_in", appIdentifier: device.appIdentifier, trustedDeviceID: device.id, now: now,
                lifetimeSeconds: configuration.challengeLifetimeSeconds))
        return commit(signIn, client: &client)
    }

    // MARK: POST /v1/client/sign_ins/{id}/attempt_first_factor {strategy: trusted_device}

    package mutating func attemptTrustedDeviceFirstFactor(
        _ meta: RequestMeta, id: String, _ input: TrustedDeviceSignature
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingFirstFactor(meta, id: id, step: "attempt_first_factor")
        _ = try configuration()
        guard let challenge = signIn.firstFactor?.trustedDeviceChallenge, signIn.firstFactor?.strategy == .trustedDevice else {
            throw FrontendError(.verificationMissing)
        }
        if let algorithm = input.algorithm, algorithm != TrustedDeviceRules.algorithm { throw .invalidValue("algorithm", algorithm) }
        guard let named = input.trustedDeviceID, !named.isEmpty else { throw .missing("trusted_device_id") }
        guard named == challenge.trustedDeviceID else { throw FrontendError(.trustedDeviceBindingMismatch, paramName: "trusted_device_id") }
        var (device, user) = try activeDevice(named)
        try TrustedDeviceVerifier.verify(
            clientData: input.clientData, signature: input.signature, challenge: challenge, publicKey: device.publicKey, now: now)
        if let lock = lockError(for: user) { throw lock }
        try ensureNotSignedIn(user.id, on: client)

        device.lastUsedAt = now
        device.updatedAt = now
        state.trustedDevices[device.id] = device
        user.lockout.recordSuccess()
        store(user)
        if let email = user.primaryEmail {
            signIn.identifier = email.address
            signIn.identifierKind = .emailAddress
        }
        signIn.userID = user.id
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        signIn.firstFactor = .trustedDevice(challenge: nil)
        signIn.firstFactorVerifiedAt = now
        signIn.secondFactorVerifiedAt = now
        completeSignIn(&signIn, userID: user.id, client: &client)
        return commit(signIn, client: &client)
    }

    // MARK: Helpers

    private func configuration() throws(FrontendError) -> TrustedDeviceSettings {
        guard let configuration = settings.trustedDevices else { throw FrontendError(.featureNotEnabled) }
        return configuration
    }

    /// The active device `id` and its user; `trusted_device_not_registered` (`trusted_device_id`) for an
    /// unknown, pending or removed one, as ClerkKit reads it to forget its local key.
    private func activeDevice(_ id: String?) throws(FrontendError) -> (TrustedDeviceRecord, UserRecord) {
        guard let id, !id.isEmpty else { throw .missing("trusted_device_id") }
        guard let device = state.trustedDevices[id], device.status == .active, let user = users[device.userID] else {
            throw FrontendError(.trustedDeviceNotRegistered, paramName: "trusted_device_id")
        }
        return (device, user)
    }
}

import ClerkAPI
import Foundation

/// Sign-in with a passkey. `POST /v1/client/sign_ins {strategy: passkey}` (no identifier) asks for any passkey
/// of the RP (a discoverable credential); `prepare_first_factor {strategy: passkey}` after an identifier asks
/// for one of that user's. Either way the first-factor verification's `nonce` holds the request options, and
/// `attempt_first_factor {strategy: passkey, public_key_credential}` answers them with the assertion.
///
/// A refused assertion changes nothing: the challenge stays unused (each response is checked against it and
/// the one that verifies uses it, so no response is accepted twice), and the stored counter stays.
package struct PasskeySignInRules: SignInAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension PasskeySignInRules {
    // MARK: POST /v1/client/sign_ins {strategy: passkey}

    package mutating func createPasskeySignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try admit(meta, identifier: nil)
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        let passkeys = try passkeySettings()
        if let identifier = input.identifier, !identifier.isEmpty {
            throw FrontendError(
                .formParamUnknown, paramName: "identifier",
                longMessage: "A passkey sign-in names no identifier: the authenticator offers the passkeys it holds.")
        }
        var signIn = newSignIn(client: client, identifier: nil, userID: nil, concealed: false, locale: input.locale)
        signIn.firstFactors = [FactorRecord(strategy: .passkey)]
        signIn.firstFactor = try passkeyVerification(passkeys, allowed: [])
        return commit(signIn, client: &client)
    }

    // MARK: POST /v1/client/sign_ins/{id}/prepare_first_factor {strategy: passkey}

    package mutating func preparePasskeyFirstFactor(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingPasskey(meta, id: id, step: "prepare_first_factor")
        let passkeys = try passkeySettings()
        let allowed = signIn.userID.flatMap { users[$0] }?.registeredPasskeys.compactMap(\.credential) ?? []
        signIn.firstFactor = try passkeyVerification(passkeys, allowed: allowed)
        return commit(signIn, client: &client)
    }

    // MARK: POST /v1/client/sign_ins/{id}/attempt_first_factor {strategy: passkey}

    package mutating func attemptPasskeyFirstFactor(
        _ meta: RequestMeta, id: String, credential json: String?
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingPasskey(meta, id: id, step: "attempt_first_factor")
        let passkeys = try passkeySettings()
        guard let json, !json.isEmpty else { throw .missing(PasskeyRefusal.parameter) }
        guard let verification = signIn.firstFactor, verification.strategy == .passkey, var challenge = verification.passkeyChallenge else {
            throw FrontendError(.verificationMissing)
        }
        let bytes: [UInt8]
        do {
            bytes = try challenge.take(now: now)
        } catch {
            throw error.frontendError
        }
        let credentialID: [UInt8]
        do {
            credentialID = try PasskeyRelyingParty.credentialID(ofAssertion: json)
        } catch {
            throw error.frontendError
        }
        let owner = users.owner(ofPasskeyCredential: credentialID)
        guard var user = owner, signIn.userID == nil || signIn.userID == owner?.id,
            var passkey = user.passkey(credentialID: credentialID), var credential = passkey.credential
        else {
            throw FrontendError(.passkeyNotRegistered)
        }
        let assertion: PasskeyAssertion
        do {
            assertion = try passkeys.relyingParty(name: settings.applicationName).verifyAssertion(
                json, credential: credential, challenge: bytes, requireUserVerification: passkeys.requireUserVerification,
                userHandle: user.passkeyUserHandle.flatMap(Base64URL.decode).map(Array.init))
        } catch {
            throw error.frontendError
        }
        try ensureNotSignedIn(user.id, on: client)
        if let lock = lockError(for: user) { throw lock }

        credential.signCount = assertion.newSignCount
        credential.backedUp = assertion.backedUp
        passkey.credential = credential
        passkey.lastUsedAt = now
        passkey.updatedAt = now
        user.store(passkey)
        user.lockout.recordSuccess()
        store(user)

        if signIn.identifier == nil, let email = user.primaryEmail {
            signIn.identifier = email.address
            signIn.identifierKind = .emailAddress
        }
        signIn.userID = user.id
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        signIn.firstFactor = .passkey(challenge: challenge, nonce: nil, verified: true)
        signIn.firstFactorVerifiedAt = now
        if passkeys.satisfiesSecondFactor {
            signIn.secondFactorVerifiedAt = now
            completeSignIn(&signIn, userID: user.id, client: &client)
        } else {
            advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: false)
        }
        return commit(signIn, client: &client)
    }

    // MARK: Helpers

    private func passkeySettings() throws(FrontendError) -> PasskeySettings {
        guard let passkeys = settings.passkeys else { throw .strategyInvalid() }
        return passkeys
    }

    /// The sign-in waiting for a first factor that offers passkeys (a discoverable one offers only passkeys).
    private mutating func signInAwaitingPasskey(_ meta: RequestMeta, id: String, step: String) throws(FrontendError) -> (ClientRecord, SignInRecord) {
        let (client, signIn) = try signIn(meta, id: id, forUpdate: true)
        try admit(meta, identifier: signIn.identifier, account: signIn.userID)
        guard signIn.status == .needsFirstFactor else {
            throw .clientState(step, "The sign-in is not waiting for a first factor.")
        }
        guard signIn.firstFactors.contains(where: { $0.strategy == .passkey }) else { throw .strategyInvalid() }
        return (client, signIn)
    }

    /// A verification whose `nonce` holds the request options of a new challenge.
    private func passkeyVerification(_ passkeys: PasskeySettings, allowed: [RegisteredPasskeyCredential]) throws(FrontendError) -> VerificationRecord {
        let challenge = PasskeyChallenge.issue(now: now, lifetimeSeconds: passkeys.challengeLifetimeSeconds)
        let options = PasskeyRequestOptions(
            challenge: challenge, relyingParty: passkeys.relyingParty(name: settings.applicationName), allowed: allowed,
            userVerification: passkeys.userVerification, timeoutMilliseconds: passkeys.challengeLifetimeSeconds * 1000)
        guard let nonce = try? PasskeyNonce.encode(options) else { throw FrontendError(.internalClerkError) }
        return .passkey(challenge: challenge, nonce: nonce, verified: false)
    }
}

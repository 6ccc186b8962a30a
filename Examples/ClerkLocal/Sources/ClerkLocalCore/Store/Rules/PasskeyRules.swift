import ClerkAPI
import Foundation

/// The rules of the account's passkeys (`/v1/me/passkeys`).
package struct PasskeyRules: AccountAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// `/v1/me/passkeys`: registering a passkey (the creation options, then the authenticator's response), renaming
/// and removing one. Each refusal changes nothing: a registration response that fails a check leaves the pending
/// passkey and its challenge as they were, so the same options can be answered again until they expire.
extension PasskeyRules {
    static let passkeyNameMaxLength = 100

    /// The relying party, or `feature_not_enabled` when the instance has no passkeys.
    func passkeyRelyingParty() throws(FrontendError) -> (PasskeySettings, PasskeyRelyingParty) {
        guard let passkeys = settings.passkeys else { throw FrontendError(.featureNotEnabled) }
        return (passkeys, passkeys.relyingParty(name: settings.applicationName))
    }

    // MARK: POST /v1/me/passkeys

    /// A pending passkey whose verification carries the creation options; a pending one the user had is
    /// replaced. `passkey_quota_exceeded` past the limit of registered passkeys.
    package mutating func createPasskey(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        let (passkeys, relyingParty) = try passkeyRelyingParty()
        try requireRecentVerification(context)
        var user = context.user
        let registered = user.registeredPasskeys
        guard registered.count < passkeys.maxPerUser else {
            throw FrontendError(
                .passkeyQuotaExceeded, longMessage: "You have reached your limit of \(passkeys.maxPerUser) passkeys per account.")
        }
        let handle = user.passkeyUserHandle.flatMap(Base64URL.decode).map(Array.init) ?? SecureRandom.bytes(32)
        user.passkeyUserHandle = Base64URL.encode(handle)
        let fullName = [user.firstName, user.lastName].compactMap { $0 }.joined(separator: " ")
        let challenge = PasskeyChallenge.issue(now: now, lifetimeSeconds: passkeys.challengeLifetimeSeconds)
        let options = PasskeyCreationOptions(
            challenge: challenge, relyingParty: relyingParty, userHandle: handle, userName: user.displayIdentifier,
            displayName: fullName.isEmpty ? user.displayIdentifier : fullName,
            existing: registered.compactMap(\.credential), userVerification: passkeys.userVerification,
            timeoutMilliseconds: passkeys.challengeLifetimeSeconds * 1000)
        guard let nonce = try? PasskeyNonce.encode(options) else { throw FrontendError(.internalClerkError) }
        let passkey = PasskeyRecord(
            id: SecureRandom.identifier(prefix: "pk"), name: registered.isEmpty ? "Passkey" : "Passkey \(registered.count + 1)",
            challenge: challenge, creationOptions: nonce, createdAt: now, updatedAt: now)
        user.passkeys = registered + [passkey]
        store(user)
        return accountAnswer(passkey, context)
    }

    // MARK: POST /v1/me/passkeys/{id}/attempt_verification

    /// The registration response, verified against the pending passkey's challenge: the credential is kept
    /// and the challenge used. A credential id another passkey of any user has is refused.
    package mutating func verifyPasskey(
        _ meta: RequestMeta, sessionID: String?, id: String, strategy: Strategy, credential json: String?
    ) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        let (passkeys, relyingParty) = try passkeyRelyingParty()
        guard strategy == .passkey else { throw .strategyInvalid() }
        guard let json, !json.isEmpty else { throw .missing(PasskeyRefusal.parameter) }
        var user = context.user
        var passkey = try Self.passkey(id, of: user)
        guard !passkey.isRegistered else { throw FrontendError(.verificationAlreadyVerified) }
        guard var challenge = passkey.challenge else { throw FrontendError(.verificationMissing) }
        let bytes: [UInt8]
        do {
            bytes = try challenge.take(now: now)
        } catch {
            throw error.frontendError
        }
        let credential: RegisteredPasskeyCredential
        do {
            credential = try relyingParty.verifyRegistration(json, challenge: bytes, requireUserVerification: passkeys.requireUserVerification)
        } catch {
            throw error.frontendError
        }
        if users.owner(ofPasskeyCredential: credential.credentialID) != nil {
            throw FrontendError(.passkeyInvalidPublicKeyCredential, paramName: PasskeyRefusal.parameter, longMessage: "This passkey is already registered.")
        }
        passkey.credential = credential
        passkey.challenge = nil
        passkey.creationOptions = nil
        passkey.updatedAt = now
        user.store(passkey)
        store(user)
        return accountAnswer(passkey, context)
    }

    // MARK: GET, PATCH and DELETE /v1/me/passkeys/{id}

    package mutating func readPasskey(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        return accountAnswer(try Self.passkey(id, of: context.user), context)
    }

    package mutating func renamePasskey(
        _ meta: RequestMeta, sessionID: String?, id: String, name: String?
    ) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        var user = context.user
        var passkey = try Self.passkey(id, of: user)
        guard let name else { return accountAnswer(passkey, context) }
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .missing("name") }
        guard trimmed.count <= Self.passkeyNameMaxLength else {
            throw .invalidFormat("name", longMessage: "name must be at most \(Self.passkeyNameMaxLength) characters.")
        }
        passkey.name = trimmed
        passkey.updatedAt = now
        user.store(passkey)
        store(user)
        return accountAnswer(passkey, context)
    }

    package mutating func deletePasskey(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        var user = context.user
        let passkey = try Self.passkey(id, of: user)
        user.passkeys = user.allPasskeys.filter { $0.id != passkey.id }
        store(user)
        return accountAnswer(DeletedRecord(id: passkey.id, object: "passkey"), context)
    }

    static func passkey(_ id: String, of user: UserRecord) throws(FrontendError) -> PasskeyRecord {
        guard let passkey = user.allPasskeys.first(where: { $0.id == id }) else { throw .notFound("ResourceNotFound") }
        return passkey
    }
}

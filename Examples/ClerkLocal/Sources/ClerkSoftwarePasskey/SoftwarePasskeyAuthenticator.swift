import Clerk
import ClerkPasskey
import Crypto
import Foundation
import Synchronization

/// A passkey authenticator in software (swift-crypto's P-256), for tests and command-line tools on
/// Linux, where no platform authenticator is. It answers WebAuthn options as a browser serializes
/// the responses: attestation `none`, user present and verified, a counter that grows by one at each
/// signature. Its passkeys live in memory, or in a ``SoftwarePasskeyStore`` (``FilePasskeyStore``)
/// so that a tool signs in with the same passkey on its next run.
///
/// A software key is as safe as the file or memory that holds it: use it where a platform or
/// hardware authenticator cannot be, never as one for people's accounts on a shared machine.
public final class SoftwarePasskeyAuthenticator: PasskeyAuthenticator {
    /// The origin its client data names (the app's origin the instance allows; `clerk-local`'s
    /// `passkeys` preset allows `http://localhost`).
    public let origin: String
    private let store: (any SoftwarePasskeyStore)?
    private let state: Mutex<(passkeys: [SoftwarePasskey], lastAssertion: String?)>

    /// An authenticator with `passkeys` (none by default), kept in memory only.
    public init(origin: String = "http://localhost", passkeys: [SoftwarePasskey] = []) {
        self.origin = origin
        store = nil
        state = Mutex((passkeys, nil))
    }

    /// An authenticator with the passkeys of `store`, which it writes after each change.
    /// - Throws: what `store.load()` throws (``FilePasskeyStore/Failure``).
    public init(origin: String = "http://localhost", store: some SoftwarePasskeyStore) throws {
        self.origin = origin
        self.store = store
        state = Mutex((try store.load(), nil))
    }

    /// The passkeys it holds, oldest first.
    public var passkeys: [SoftwarePasskey] { state.withLock { $0.passkeys } }

    /// The last assertion it wrote (what a replay would send again).
    public var lastAssertion: String? { state.withLock { $0.lastAssertion } }

    /// Makes a passkey for the creation options and returns the registration response.
    /// - Throws: `ClerkError.invalidInput` for options that are not WebAuthn creation options, or that
    ///   exclude a passkey it already holds for this user; `FlowError.answerProviderFailed` when the
    ///   store cannot be written (the passkey is then not kept).
    public func create(optionsJSON: String) async throws(ClerkError) -> String {
        let options = try WebAuthnJSON.object(optionsJSON)
        guard let rp = options["rp"] as? [String: Any], let rpID = rp["id"] as? String, let user = options["user"] as? [String: Any],
            let handle = WebAuthnJSON.bytes(user["id"]), let challenge = options["challenge"] as? String
        else { throw WebAuthnJSON.unreadable }
        let excluded = Set(((options["excludeCredentials"] as? [[String: Any]]) ?? []).compactMap { WebAuthnJSON.bytes($0["id"]) })
        let made = SoftwarePasskey.make(relyingPartyID: rpID, userHandle: handle)
        guard let key = made.signingKey else { throw WebAuthnJSON.unreadable }
        try update { passkeys throws(ClerkError) in
            if passkeys.contains(where: { $0.relyingPartyID == rpID && excluded.contains($0.credentialID) }) {
                throw .invalidInput(InvalidInput(field: "excludeCredentials", reason: "this authenticator already holds a passkey for this account"))
            }
            passkeys.append(made)
        }
        let clientData = clientDataJSON(type: "webauthn.create", challenge: challenge)
        let flags = AuthenticatorEncoding.userPresent | AuthenticatorEncoding.userVerified | AuthenticatorEncoding.attestedCredential
        let authenticatorData =
            AuthenticatorEncoding.authenticatorData(rpID: rpID, flags: flags, signCount: 0)
            + AuthenticatorEncoding.attestedCredentialData(id: made.credentialID, publicKey: key.publicKey)
        return try WebAuthnJSON.string([
            "id": WebAuthnJSON.encode(made.credentialID), "rawId": WebAuthnJSON.encode(made.credentialID), "type": "public-key",
            "authenticatorAttachment": "platform", "clientExtensionResults": [String: Any](),
            "response": [
                "clientDataJSON": WebAuthnJSON.encode(clientData),
                "attestationObject": WebAuthnJSON.encode(AuthenticatorEncoding.attestationObject(authenticatorData: authenticatorData)),
                "transports": ["internal"],
            ],
        ])
    }

    /// Signs the request options with a passkey of their `rpId` (one of `allowCredentials` when they
    /// name some; the newest otherwise) and returns the assertion.
    /// - Throws: `ClerkError.invalidInput` when it holds no such passkey or the options are not
    ///   WebAuthn request options; `FlowError.answerProviderFailed` when the store cannot be written.
    public func get(optionsJSON: String) async throws(ClerkError) -> String {
        let options = try WebAuthnJSON.object(optionsJSON)
        guard let rpID = options["rpId"] as? String, let challenge = options["challenge"] as? String else { throw WebAuthnJSON.unreadable }
        let allowed = Set(((options["allowCredentials"] as? [[String: Any]]) ?? []).compactMap { WebAuthnJSON.bytes($0["id"]) })
        let signer = try update { passkeys throws(ClerkError) -> SoftwarePasskey in
            guard
                let index = passkeys.lastIndex(where: { $0.relyingPartyID == rpID && (allowed.isEmpty || allowed.contains($0.credentialID)) })
            else {
                throw .invalidInput(InvalidInput(field: "public_key_credential", reason: "this authenticator holds no passkey for \(rpID)"))
            }
            passkeys[index].signCount &+= 1
            return passkeys[index]
        }
        let clientData = clientDataJSON(type: "webauthn.get", challenge: challenge)
        let flags = AuthenticatorEncoding.userPresent | AuthenticatorEncoding.userVerified
        let authenticatorData = AuthenticatorEncoding.authenticatorData(rpID: rpID, flags: flags, signCount: signer.signCount)
        guard let key = signer.signingKey, let signature = try? key.signature(for: authenticatorData + Data(SHA256.hash(data: clientData))) else {
            throw .invalidInput(InvalidInput(field: "privateKey", reason: "the stored passkey's key is not a P-256 key"))
        }
        let assertion = try WebAuthnJSON.string([
            "id": WebAuthnJSON.encode(signer.credentialID), "rawId": WebAuthnJSON.encode(signer.credentialID), "type": "public-key",
            "authenticatorAttachment": "platform", "clientExtensionResults": [String: Any](),
            "response": [
                "clientDataJSON": WebAuthnJSON.encode(clientData), "authenticatorData": WebAuthnJSON.encode(authenticatorData),
                "signature": WebAuthnJSON.encode(signature.derRepresentation), "userHandle": WebAuthnJSON.encode(signer.userHandle),
            ],
        ])
        state.withLock { $0.lastAssertion = assertion }
        return assertion
    }

    /// Changes the passkeys and saves them, as one step: when the store refuses, nothing changes.
    private func update<T: Sendable>(_ change: (inout [SoftwarePasskey]) throws(ClerkError) -> T) throws(ClerkError) -> T {
        try state.withLock { current throws(ClerkError) -> T in
            var passkeys = current.passkeys
            let result = try change(&passkeys)
            if let store {
                do {
                    try store.save(passkeys)
                } catch {
                    throw .flow(.answerProviderFailed("the software passkey store could not be written: \(error)"))
                }
            }
            current.passkeys = passkeys
            return result
        }
    }

    private func clientDataJSON(type: String, challenge: String) -> Data {
        (try? JSONSerialization.data(
            withJSONObject: ["type": type, "challenge": challenge, "origin": origin, "crossOrigin": false], options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }
}

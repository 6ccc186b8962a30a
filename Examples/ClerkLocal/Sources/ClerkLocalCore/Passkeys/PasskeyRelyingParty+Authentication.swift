import Crypto

extension PasskeyRelyingParty {
    /// Verifies an assertion (WebAuthn §7.2) by a registered credential against the challenge this
    /// verification issued.
    ///
    /// - Parameters:
    ///   - json: the assertion as the client sends it in `public_key_credential`.
    ///   - credential: the stored credential the assertion's id names (its key and last counter).
    ///   - challenge: the request options' challenge (the caller makes it single use and expiring).
    ///   - requireUserVerification: whether the options asked `userVerification: "required"`.
    ///   - userHandle: the user's handle (`user.id` at creation), checked when the authenticator returns one.
    package func verifyAssertion(
        _ json: String, credential: RegisteredPasskeyCredential, challenge: [UInt8], requireUserVerification: Bool,
        userHandle: [UInt8]? = nil
    ) throws(PasskeyRefusal) -> PasskeyAssertion {
        do {
            return try assertion(
                json, credential: credential, challenge: challenge, requireUserVerification: requireUserVerification,
                userHandle: userHandle)
        } catch {
            throw PasskeyRefusal(.authentication, error)
        }
    }

    private func assertion(
        _ json: String, credential: RegisteredPasskeyCredential, challenge: [UInt8], requireUserVerification: Bool,
        userHandle expectedHandle: [UInt8]?
    ) throws(PasskeyRefusalReason) -> PasskeyAssertion {
        let response = try CredentialJSON.decode(AuthenticationResponseJSON.self, from: json)
        let rawID = try CredentialJSON.credentialID(id: response.id, rawId: response.rawId, type: response.type)
        guard rawID == credential.credentialID else { throw .credentialNotRegistered }
        let clientDataJSON = try CredentialJSON.bytes(response.response.clientDataJSON, field: "response.clientDataJSON")
        let authenticatorData = try AuthenticatorData(
            try CredentialJSON.bytes(response.response.authenticatorData, field: "response.authenticatorData"))
        let signature = try CredentialJSON.bytes(response.response.signature, field: "response.signature")
        let handle = try response.response.userHandle.map { (text) throws(PasskeyRefusalReason) in
            try CredentialJSON.bytes(text, field: "response.userHandle")
        }
        try checkCeremony(
            clientData: clientDataJSON, type: .get, challenge: challenge, authenticatorData: authenticatorData,
            requireUserVerification: requireUserVerification)
        if let handle, !handle.isEmpty, let expectedHandle, handle != expectedHandle { throw .userHandleMismatch }
        let key = try COSEPublicKey(cose: credential.publicKeyCOSE)
        let signed = authenticatorData.raw + Array(SHA256.hash(data: clientDataJSON))
        guard key.isValidSignature(signature, for: signed) else { throw .signatureInvalid }
        let stored = credential.signCount
        let received = authenticatorData.signCount
        if stored != 0 || received != 0, received <= stored { throw .signCountNotIncreased(stored: stored, received: received) }
        return PasskeyAssertion(
            credentialID: rawID, newSignCount: received, userVerified: authenticatorData.flags.contains(.userVerified),
            backedUp: authenticatorData.flags.contains(.backedUp), userHandle: handle)
    }
}

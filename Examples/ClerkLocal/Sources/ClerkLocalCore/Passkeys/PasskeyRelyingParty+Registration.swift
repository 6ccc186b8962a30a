import Crypto

extension PasskeyRelyingParty {
    /// Verifies a registration response (WebAuthn §7.1) against the challenge this verification issued.
    ///
    /// - Parameters:
    ///   - json: the registration response as the client sends it in `public_key_credential`.
    ///   - challenge: the creation options' challenge (the caller makes it single use and expiring).
    ///   - requireUserVerification: whether the options asked `userVerification: "required"`.
    package func verifyRegistration(
        _ json: String, challenge: [UInt8], requireUserVerification: Bool
    ) throws(PasskeyRefusal) -> RegisteredPasskeyCredential {
        do {
            return try registration(json, challenge: challenge, requireUserVerification: requireUserVerification)
        } catch {
            throw PasskeyRefusal(.registration, error)
        }
    }

    private func registration(
        _ json: String, challenge: [UInt8], requireUserVerification: Bool
    ) throws(PasskeyRefusalReason) -> RegisteredPasskeyCredential {
        let response = try CredentialJSON.decode(RegistrationResponseJSON.self, from: json)
        let rawID = try CredentialJSON.credentialID(id: response.id, rawId: response.rawId, type: response.type)
        let clientDataJSON = try CredentialJSON.bytes(response.response.clientDataJSON, field: "response.clientDataJSON")
        let attestation = try AttestationObject(
            try CredentialJSON.bytes(response.response.attestationObject, field: "response.attestationObject"))
        let authenticatorData = attestation.authenticatorData
        try checkCeremony(
            clientData: clientDataJSON, type: .create, challenge: challenge, authenticatorData: authenticatorData,
            requireUserVerification: requireUserVerification)
        guard let credential = authenticatorData.attestedCredential else { throw .attestedCredentialMissing }
        guard credential.credentialID == rawID else { throw .credentialIDMismatch }
        let key = try COSEPublicKey(credential.publicKey)
        let kind = try attestation.verifyStatement(clientDataHash: Array(SHA256.hash(data: clientDataJSON)), credentialKey: key)
        let transports = response.response.transports ?? response.transports ?? []
        return RegisteredPasskeyCredential(
            credentialID: rawID, publicKeyCOSE: credential.publicKeyCOSE, algorithm: key.algorithm,
            signCount: authenticatorData.signCount, aaguid: credential.aaguid,
            backupEligible: authenticatorData.flags.contains(.backupEligible), backedUp: authenticatorData.flags.contains(.backedUp),
            userVerified: authenticatorData.flags.contains(.userVerified),
            transports: transports.filter(RegisteredPasskeyCredential.knownTransports.contains), attestation: kind)
    }
}

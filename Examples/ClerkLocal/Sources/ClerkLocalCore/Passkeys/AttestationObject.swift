/// The attestation object of a registration (WebAuthn §6.5): the statement format, the statement and the
/// authenticator data.
package struct AttestationObject: Sendable {
    package var format: String
    package var statement: CBORValue
    package var authenticatorData: AuthenticatorData

    package init(_ bytes: [UInt8]) throws(PasskeyRefusalReason) {
        let value: CBORValue
        do {
            value = try CBORDecoder.decode(bytes)
        } catch {
            throw .malformedAttestationObject("\(error)")
        }
        guard let format = value["fmt"]?.textValue else { throw .malformedAttestationObject("fmt is missing or not text") }
        guard let statement = value["attStmt"], case .map = statement else {
            throw .malformedAttestationObject("attStmt is missing or not a map")
        }
        guard let authData = value["authData"]?.bytesValue else { throw .malformedAttestationObject("authData is missing or not bytes") }
        self.format = format
        self.statement = statement
        self.authenticatorData = try AuthenticatorData(authData)
    }
}

/// How a registration's attestation was checked.
package enum AttestationKind: String, Sendable, Codable, Equatable {
    /// Format `none`: no statement.
    case none
    /// Format `packed` signed by the credential key itself.
    case packedSelf = "packed_self"
    /// Format `packed` signed by an attestation certificate's key. The signature is verified with the
    /// leaf certificate's key; the certificate chain is not evaluated (no trust anchors or metadata: the
    /// creation options ask for `attestation: "none"`, so no attestation is relied on).
    case packedCertificateUnverifiedTrust = "packed_certificate_unverified_trust"
}

extension AttestationObject {
    /// Verifies the statement for the formats this relying party reads (WebAuthn §8.2 `packed`, §8.7
    /// `none`), given the credential key from the authenticator data.
    package func verifyStatement(clientDataHash: [UInt8], credentialKey: COSEPublicKey) throws(PasskeyRefusalReason) -> AttestationKind {
        switch format {
        case "none":
            guard statement.mapValue?.isEmpty == true else { throw .invalidAttestationStatement("none carries a statement") }
            return .none
        case "packed":
            return try verifyPacked(signed: authenticatorData.raw + clientDataHash, credentialKey: credentialKey)
        default:
            throw .unsupportedAttestationFormat(format)
        }
    }

    private func verifyPacked(signed: [UInt8], credentialKey: COSEPublicKey) throws(PasskeyRefusalReason) -> AttestationKind {
        guard let algorithm = statement["alg"]?.integerValue else { throw .invalidAttestationStatement("packed needs alg") }
        guard let signature = statement["sig"]?.bytesValue else { throw .invalidAttestationStatement("packed needs sig") }
        guard statement["ecdaaKeyId"] == nil else { throw .invalidAttestationStatement("ECDAA is not supported") }
        guard let chain = statement["x5c"] else {
            guard algorithm == credentialKey.algorithm.rawValue else {
                throw .invalidAttestationStatement("self attestation alg differs from the credential key's")
            }
            guard credentialKey.isValidSignature(signature, for: signed) else { throw .signatureInvalid }
            return .packedSelf
        }
        guard let certificates = chain.arrayValue, let leaf = certificates.first?.bytesValue else {
            throw .invalidAttestationStatement("x5c is not a list of certificates")
        }
        guard let statementAlgorithm = COSEAlgorithm(rawValue: algorithm) else { throw .unsupportedAlgorithm(algorithm) }
        let attestationKey = try COSEPublicKey(
            subjectPublicKeyInfo: try CertificatePublicKeyInfo.extract(from: leaf), algorithm: statementAlgorithm)
        guard attestationKey.isValidSignature(signature, for: signed) else { throw .signatureInvalid }
        return .packedCertificateUnverifiedTrust
    }
}

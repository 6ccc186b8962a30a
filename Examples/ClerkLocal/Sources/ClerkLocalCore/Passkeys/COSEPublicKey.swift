import Crypto
import CryptoExtras
import Foundation

/// The COSE algorithms this relying party accepts (IANA COSE Algorithms registry).
package enum COSEAlgorithm: Int64, Sendable, Codable, CaseIterable {
    /// ECDSA with SHA-256 on P-256.
    case es256 = -7
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = -257
}

/// A credential public key read from its COSE form (RFC 9052 §7, RFC 9053 §7): EC2 on P-256 for ES256, RSA
/// for RS256. Anything else is refused.
package struct COSEPublicKey: Sendable {
    private enum Key: Sendable {
        case p256(P256.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    private enum Label {
        static let keyType: Int64 = 1
        static let algorithm: Int64 = 3
        static let ec2Curve: Int64 = -1
        static let ec2X: Int64 = -2
        static let ec2Y: Int64 = -3
        static let rsaModulus: Int64 = -1
        static let rsaExponent: Int64 = -2
    }

    private enum KeyType {
        static let ec2: Int64 = 2
        static let rsa: Int64 = 3
    }

    private static let curveP256: Int64 = 1

    package let algorithm: COSEAlgorithm
    private let key: Key

    package init(cose bytes: some Collection<UInt8>) throws(PasskeyRefusalReason) {
        let value: CBORValue
        do {
            value = try CBORDecoder.decode(bytes)
        } catch {
            throw .invalidPublicKey("\(error)")
        }
        try self.init(value)
    }

    package init(_ value: CBORValue) throws(PasskeyRefusalReason) {
        guard case .map = value else { throw .invalidPublicKey("not a map") }
        let label = value[Label.algorithm]?.integerValue
        guard let label, let algorithm = COSEAlgorithm(rawValue: label) else { throw .unsupportedAlgorithm(label) }
        let keyType = value[Label.keyType]?.integerValue
        switch algorithm {
        case .es256:
            guard keyType == KeyType.ec2 else { throw .invalidPublicKey("ES256 needs key type EC2") }
            guard value[Label.ec2Curve]?.integerValue == Self.curveP256 else { throw .invalidPublicKey("ES256 needs curve P-256") }
            guard let x = value[Label.ec2X]?.bytesValue, let y = value[Label.ec2Y]?.bytesValue, x.count == 32, y.count == 32 else {
                throw .invalidPublicKey("P-256 coordinates must be 32-byte strings")
            }
            do {
                key = .p256(try P256.Signing.PublicKey(x963Representation: [0x04] + x + y))
            } catch {
                throw .invalidPublicKey("the point is not on P-256")
            }
        case .rs256:
            guard keyType == KeyType.rsa else { throw .invalidPublicKey("RS256 needs key type RSA") }
            guard let modulus = value[Label.rsaModulus]?.bytesValue, let exponent = value[Label.rsaExponent]?.bytesValue,
                !modulus.isEmpty, !exponent.isEmpty
            else { throw .invalidPublicKey("RSA needs a modulus and an exponent") }
            do {
                key = .rsa(try _RSA.Signing.PublicKey(n: modulus, e: exponent))
            } catch {
                throw .invalidPublicKey("RSA keys need a modulus of 2,048 bits or more")
            }
        }
        self.algorithm = algorithm
    }

    /// An attestation certificate's key (DER SubjectPublicKeyInfo), for the statement's algorithm.
    package init(subjectPublicKeyInfo der: [UInt8], algorithm: COSEAlgorithm) throws(PasskeyRefusalReason) {
        do {
            switch algorithm {
            case .es256: key = .p256(try P256.Signing.PublicKey(derRepresentation: der))
            case .rs256: key = .rsa(try _RSA.Signing.PublicKey(derRepresentation: der))
            }
        } catch {
            throw .invalidAttestationStatement("the certificate's key is not a \(algorithm == .es256 ? "P-256" : "2,048-bit or larger RSA") key")
        }
        self.algorithm = algorithm
    }

    /// Whether `signature` is the credential's over `data`: ES256 signatures are DER-encoded ECDSA, RS256
    /// signatures PKCS#1 v1.5, both over SHA-256 of the data.
    package func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch key {
        case .p256(let key):
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: SHA256.hash(data: data))
        case .rsa(let key):
            return key.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: data), padding: .insecurePKCS1v1_5)
        }
    }
}

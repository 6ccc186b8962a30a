import ClerkAPI
import Crypto
import Foundation

/// The checks of a trusted device's signature: the `client_data` sent is the challenge's, byte for byte, the
/// challenge has not expired, and the signature (raw `r || s`, base64url) verifies with the device's key over
/// those bytes. Each refusal is Clerk's code for it; the caller changes nothing when one is thrown.
package enum TrustedDeviceVerifier {
    /// The uncompressed point of a P-256 public JWK (`kty` EC, `crv` P-256, `x`, `y`).
    /// - Throws: `trusted_device_invalid_public_key` (`public_key_jwk`) for anything else.
    package static func publicKey(jwk: String?) throws(FrontendError) -> [UInt8] {
        guard let jwk, !jwk.isEmpty else { throw .missing("public_key_jwk") }
        let invalid = FrontendError(.trustedDeviceInvalidPublicKey, paramName: "public_key_jwk")
        guard let object = (try? JSONSerialization.jsonObject(with: Data(jwk.utf8))) as? [String: Any],
            object["kty"] as? String == "EC", object["crv"] as? String == "P-256",
            let x = (object["x"] as? String).flatMap(Base64URL.decode), let y = (object["y"] as? String).flatMap(Base64URL.decode),
            x.count == 32, y.count == 32
        else { throw invalid }
        let point = [0x04] + [UInt8](x) + [UInt8](y)
        guard (try? P256.Signing.PublicKey(x963Representation: point)) != nil else { throw invalid }
        return point
    }

    /// Checks `clientData` and `signature` against `challenge` and `publicKey`.
    package static func verify(
        clientData: String?, signature: String?, challenge: TrustedDeviceChallengeRecord?, publicKey: [UInt8], now: Date
    ) throws(FrontendError) {
        guard let clientData, !clientData.isEmpty else { throw .missing("client_data") }
        guard let signature, !signature.isEmpty else { throw .missing("signature") }
        guard let challenge else { throw FrontendError(.trustedDeviceChallengeNotFound) }
        guard clientData == challenge.clientData else {
            let sent = (try? JSONSerialization.jsonObject(with: Data(clientData.utf8))) as? [String: Any]
            // Another challenge's client data (an earlier, used one) names a challenge this one is not.
            if let id = sent?["challenge_id"] as? String, id != challenge.id { throw FrontendError(.trustedDeviceChallengeNotFound) }
            throw FrontendError(.trustedDeviceInvalidClientData, paramName: "client_data")
        }
        guard now < challenge.expiresAt else { throw FrontendError(.trustedDeviceChallengeExpired) }
        guard let raw = Base64URL.decode(signature), raw.count == 64,
            let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: raw),
            let key = try? P256.Signing.PublicKey(x963Representation: publicKey),
            key.isValidSignature(parsed, for: Data(clientData.utf8))
        else { throw FrontendError(.trustedDeviceSignatureVerificationFailed, paramName: "signature") }
    }
}

import Clerk
import Foundation

/// Trusted device (biometric sign-in): the request bodies of an enrolment and of a sign-in
/// (`strategy=trusted_device`), and the challenge a sign-in's first-factor verification carries.
///
/// 1. Enrolment, signed in: `POST /v1/me/trusted_devices/prepare {platform, app_identifier, name, algorithm,
///    public_key_jwk}` answers a challenge; the key signs its `client_data`; `POST /v1/me/trusted_devices/attempt`
///    sends the same fields with `client_data` and `signature` and answers the trusted device.
/// 2. Sign-in: `POST /v1/client/sign_ins {strategy: trusted_device, trusted_device_id}` answers a sign-in whose
///    first-factor verification carries `trusted_device_challenge`; the key signs its `client_data`;
///    `attempt_first_factor {strategy, trusted_device_id, client_data, signature, algorithm}` completes it.
///
/// It is not a `FactorStrategy`: nothing typed answers it, the key store does, so the flow driver does not pick it
/// among the factors it asks for; `FlowDriver.signInWithTrustedDevice(using:)` drives it instead.
public struct TrustedDeviceStrategy: Sendable, Hashable {
    /// `trusted_device`.
    public let strategy = Strategy.trustedDevice
    /// `ES256`, the only algorithm Clerk takes.
    public let algorithm = TrustedDeviceAlgorithm.es256

    /// The trusted-device strategy.
    public init() {}

    /// `{strategy: trusted_device, trusted_device_id}`.
    public func signInBody(trustedDeviceID: String) -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(strategy: strategy, trustedDeviceID: trustedDeviceID)
    }

    /// `{strategy: trusted_device, trusted_device_id, client_data, signature, algorithm: ES256}`.
    public func attemptFirstFactor(trustedDeviceID: String, clientData: String, signature: String) -> AttemptSignInFirstFactorRequest.Body {
        AttemptSignInFirstFactorRequest.Body(
            strategy: strategy, signature: signature, trustedDeviceID: trustedDeviceID, clientData: clientData, algorithm: algorithm.rawValue)
    }

    /// The challenge a sign-in's first-factor verification carries (`trusted_device_challenge`).
    /// - Throws: `ClerkError.invalidInput` when the verification carries none, or one that is not a challenge.
    public func challenge(of verification: Verification?) throws(ClerkError) -> TrustedDeviceChallenge {
        guard let value = verification?.trustedDeviceChallenge, value != .null,
            let data = try? JSONEncoder().encode(value), let challenge = try? JSONDecoder().decode(TrustedDeviceChallenge.self, from: data)
        else {
            throw .invalidInput(InvalidInput(field: "trusted_device_challenge", reason: "the sign-in carries no trusted-device challenge"))
        }
        return challenge
    }

    /// The public JWK of a P-256 key from its uncompressed point (`04 || x || y`, 65 bytes), as Clerk takes it.
    /// - Throws: `ClerkError.invalidInput` for anything else.
    public static func publicKeyJWK(x963 point: [UInt8]) throws(ClerkError) -> String {
        guard point.count == 65, point[0] == 0x04 else {
            throw .invalidInput(InvalidInput(field: "public_key_jwk", reason: "not an uncompressed P-256 point"))
        }
        let x = base64URL(point[1..<33])
        let y = base64URL(point[33..<65])
        return #"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","alg":"ES256"}"#
    }

    /// base64url without padding.
    public static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

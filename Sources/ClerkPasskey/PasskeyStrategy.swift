import Clerk

/// Passkey: the request bodies of a passkey sign-in and registration (`strategy=passkey`).
///
/// 1. Sign-in: `POST /v1/client/sign_ins {strategy: passkey}` (no identifier: the authenticator offers the
///    passkeys it holds for the app's domain), or `prepare_first_factor {strategy: passkey}` after an identifier;
///    the first-factor verification's `nonce` holds the request options; `attempt_first_factor {strategy:
///    passkey, public_key_credential}` answers them with the assertion.
/// 2. Registration, signed in: `POST /v1/me/passkeys` answers a passkey whose verification's `nonce` holds the
///    creation options; `POST /v1/me/passkeys/{id}/attempt_verification {strategy: passkey,
///    public_key_credential}` answers them with the registration response.
///
/// It is not a `FactorStrategy`: nothing typed answers it, the authenticator does, so the flow driver does not
/// pick it among the factors it asks for; `FlowDriver.signInWithPasskey(using:)` drives it instead.
public struct PasskeyStrategy: Sendable, Hashable {
    /// `passkey`.
    public let strategy = Strategy.passkey

    /// The passkey strategy.
    public init() {}

    /// `{strategy: passkey}`: a sign-in for a discoverable credential.
    public func signInBody() -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(strategy: strategy)
    }

    /// `{strategy: passkey}`.
    public func prepareFirstFactor() -> PrepareSignInFirstFactorRequest.Body {
        PrepareSignInFirstFactorRequest.Body(strategy: strategy)
    }

    /// `{strategy: passkey, public_key_credential}`.
    public func attemptFirstFactor(assertion: String) -> AttemptSignInFirstFactorRequest.Body {
        AttemptSignInFirstFactorRequest.Body(strategy: strategy, publicKeyCredential: assertion)
    }

    /// The options a verification carries in its `nonce`.
    /// - Throws: `ClerkError.invalidInput` when the verification has none (not a pending passkey verification).
    public func options(of verification: Verification?) throws(ClerkError) -> String {
        guard let nonce = verification?.nonce, !nonce.isEmpty else {
            throw .invalidInput(InvalidInput(field: "nonce", reason: "the verification carries no passkey options"))
        }
        return nonce
    }
}

import ClerkAPI

/// The two WebAuthn ceremonies a relying party verifies.
package enum PasskeyCeremony: String, Sendable, Equatable {
    case registration
    case authentication
}

/// A refused registration or assertion, with the Clerk error it is answered with.
package struct PasskeyRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    package var ceremony: PasskeyCeremony
    package var reason: PasskeyRefusalReason

    package init(_ ceremony: PasskeyCeremony, _ reason: PasskeyRefusalReason) {
        self.ceremony = ceremony
        self.reason = reason
    }

    package var description: String { "passkey \(ceremony.rawValue) refused: \(reason)" }

    /// The form parameter the credential arrives in (`attempt_verification`, `attempt_first_factor`).
    package static let parameter = "public_key_credential"

    /// A challenge that is not the verification's is an invalid verification (its nonce); an assertion by
    /// another credential is an unregistered passkey. A registration that fails any other check is an invalid
    /// credential: the catalogue's `passkey_registration_failure` is not a Frontend API answer. An assertion
    /// that cannot be read is an invalid credential, and one that fails a check an authentication failure.
    package var code: ClerkErrorCode {
        switch reason {
        case .challengeMismatch:
            .passkeyInvalidVerification
        case .credentialNotRegistered:
            .passkeyNotRegistered
        case .malformedCredential, .malformedClientData, .malformedAttestationObject, .malformedAuthenticatorData,
            .credentialIDMismatch:
            .passkeyInvalidPublicKeyCredential
        default:
            ceremony == .registration ? .passkeyInvalidPublicKeyCredential : .passkeyAuthenticationFailure
        }
    }

    package var frontendError: FrontendError {
        let code = code
        return FrontendError(code, paramName: code == .passkeyInvalidPublicKeyCredential ? Self.parameter : nil)
    }
}

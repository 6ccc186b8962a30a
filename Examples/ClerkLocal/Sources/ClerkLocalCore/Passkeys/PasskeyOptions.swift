import Foundation

/// What the relying party asks of user verification (WebAuthn §5.8.6).
package enum UserVerificationRequirement: String, Sendable, Codable {
    case required
    case preferred
    case discouraged
}

/// A credential named in `excludeCredentials` or `allowCredentials`.
package struct PublicKeyCredentialDescriptorJSON: Sendable, Codable, Equatable {
    package var type = "public-key"
    /// base64url.
    package var id: String
    package var transports: [String]?

    package init(_ credential: RegisteredPasskeyCredential) {
        id = Base64URL.encode(credential.credentialID)
        transports = credential.transports.isEmpty ? nil : credential.transports
    }
}

/// The creation options (`PublicKeyCredentialCreationOptionsJSON`) a passkey's verification carries in its
/// `nonce`: clerk-js and ClerkKit parse the nonce as this JSON and pass it to `navigator.credentials.create`.
package struct PasskeyCreationOptions: Sendable, Codable, Equatable {
    package struct RelyingParty: Sendable, Codable, Equatable {
        package var id: String
        package var name: String
    }

    package struct User: Sendable, Codable, Equatable {
        /// base64url of the user handle.
        package var id: String
        package var name: String
        package var displayName: String
    }

    package struct Parameter: Sendable, Codable, Equatable {
        package var type = "public-key"
        package var alg: Int64
    }

    package struct AuthenticatorSelection: Sendable, Codable, Equatable {
        package var residentKey: String
        package var requireResidentKey: Bool
        package var userVerification: UserVerificationRequirement
    }

    package var challenge: String
    package var rp: RelyingParty
    package var user: User
    package var pubKeyCredParams: [Parameter]
    package var timeout: Int
    package var excludeCredentials: [PublicKeyCredentialDescriptorJSON]
    package var authenticatorSelection: AuthenticatorSelection
    package var attestation: String

    /// Options for a discoverable credential (a passkey), ES256 preferred over RS256, no attestation asked.
    ///
    /// - Parameters:
    ///   - userHandle: the user's WebAuthn handle (random bytes, not an email: authenticators may show or sync it).
    ///   - existing: the user's passkeys, excluded so that an authenticator does not register twice.
    package init(
        challenge: PasskeyChallenge, relyingParty: PasskeyRelyingParty, userHandle: [UInt8], userName: String, displayName: String,
        existing: [RegisteredPasskeyCredential], userVerification: UserVerificationRequirement, timeoutMilliseconds: Int
    ) {
        self.challenge = challenge.encoded
        rp = RelyingParty(id: relyingParty.id, name: relyingParty.name)
        user = User(id: Base64URL.encode(userHandle), name: userName, displayName: displayName)
        pubKeyCredParams = COSEAlgorithm.allCases.map { Parameter(alg: $0.rawValue) }
        timeout = timeoutMilliseconds
        excludeCredentials = existing.map(PublicKeyCredentialDescriptorJSON.init)
        authenticatorSelection = AuthenticatorSelection(residentKey: "required", requireResidentKey: true, userVerification: userVerification)
        attestation = "none"
    }
}

/// The request options (`PublicKeyCredentialRequestOptionsJSON`) a sign-in's passkey factor carries in its
/// verification's `nonce`, for `navigator.credentials.get`.
package struct PasskeyRequestOptions: Sendable, Codable, Equatable {
    package var challenge: String
    package var rpId: String
    /// Empty for a discoverable-credential sign-in (the authenticator offers the passkeys it holds for the RP).
    package var allowCredentials: [PublicKeyCredentialDescriptorJSON]
    package var userVerification: UserVerificationRequirement
    package var timeout: Int

    package init(
        challenge: PasskeyChallenge, relyingParty: PasskeyRelyingParty, allowed: [RegisteredPasskeyCredential],
        userVerification: UserVerificationRequirement, timeoutMilliseconds: Int
    ) {
        self.challenge = challenge.encoded
        rpId = relyingParty.id
        allowCredentials = allowed.map(PublicKeyCredentialDescriptorJSON.init)
        self.userVerification = userVerification
        timeout = timeoutMilliseconds
    }
}

/// The options as the `nonce` string of a verification.
package enum PasskeyNonce {
    package static func encode(_ options: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(options), as: UTF8.self)
    }
}

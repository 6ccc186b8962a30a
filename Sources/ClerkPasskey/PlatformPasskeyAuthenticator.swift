#if canImport(AuthenticationServices) && (os(macOS) || os(iOS) || os(visionOS))
    import AuthenticationServices
    import Clerk
    import Foundation

    /// The platform's passkeys (iCloud Keychain and the passkey providers the user set up), over AuthenticationServices.
    /// The app needs the `webcredentials:` associated domain of the RP ID. Compiled on Apple platforms only; this
    /// repository's CI (Linux) does not build it.
    @available(macOS 13.0, iOS 16.0, visionOS 1.0, *)
    public struct PlatformPasskeyAuthenticator: PasskeyAuthenticator {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// - Parameter anchor: the window the system sheet is shown over.
        public init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.anchor = anchor
        }

        public func create(optionsJSON: String) async throws(ClerkError) -> String {
            let options = try WebAuthnJSON.object(optionsJSON)
            let rp = options["rp"] as? [String: Any]
            let user = options["user"] as? [String: Any]
            guard let rpID = rp?["id"] as? String, let challenge = WebAuthnJSON.bytes(options["challenge"]),
                let userID = WebAuthnJSON.bytes(user?["id"]), let name = user?["name"] as? String
            else { throw WebAuthnJSON.unreadable }
            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpID)
            let request = provider.createCredentialRegistrationRequest(challenge: challenge, name: name, userID: userID)
            let registration = try await perform(request) { (credential) throws(ClerkError) in
                guard let registration = credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration,
                    let attestation = registration.rawAttestationObject
                else { throw WebAuthnJSON.unreadable }
                return Registration(
                    credentialID: registration.credentialID, clientData: registration.rawClientDataJSON, attestation: attestation)
            }
            let attestation = registration.attestation
            let id = WebAuthnJSON.encode(registration.credentialID)
            return try WebAuthnJSON.string([
                "id": id, "rawId": id, "type": "public-key", "authenticatorAttachment": "platform", "clientExtensionResults": [String: Any](),
                "response": [
                    "clientDataJSON": WebAuthnJSON.encode(registration.clientData),
                    "attestationObject": WebAuthnJSON.encode(attestation), "transports": ["internal", "hybrid"],
                ],
            ])
        }

        public func get(optionsJSON: String) async throws(ClerkError) -> String {
            let options = try WebAuthnJSON.object(optionsJSON)
            guard let rpID = options["rpId"] as? String, let challenge = WebAuthnJSON.bytes(options["challenge"]) else { throw WebAuthnJSON.unreadable }
            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpID)
            let request = provider.createCredentialAssertionRequest(challenge: challenge)
            let allowed = (options["allowCredentials"] as? [[String: Any]] ?? []).compactMap { WebAuthnJSON.bytes($0["id"]) }
            request.allowedCredentials = allowed.map { ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: $0) }
            let assertion = try await perform(request) { (credential) throws(ClerkError) in
                guard let assertion = credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion else { throw WebAuthnJSON.unreadable }
                return Assertion(
                    credentialID: assertion.credentialID, clientData: assertion.rawClientDataJSON,
                    authenticatorData: assertion.rawAuthenticatorData, signature: assertion.signature, userID: assertion.userID)
            }
            let id = WebAuthnJSON.encode(assertion.credentialID)
            return try WebAuthnJSON.string([
                "id": id, "rawId": id, "type": "public-key", "authenticatorAttachment": "platform", "clientExtensionResults": [String: Any](),
                "response": [
                    "clientDataJSON": WebAuthnJSON.encode(assertion.clientData),
                    "authenticatorData": WebAuthnJSON.encode(assertion.authenticatorData),
                    "signature": WebAuthnJSON.encode(assertion.signature), "userHandle": WebAuthnJSON.encode(assertion.userID),
                ],
            ])
        }

        private struct Registration: Sendable {
            var credentialID: Data
            var clientData: Data
            var attestation: Data
        }

        private struct Assertion: Sendable {
            var credentialID: Data
            var clientData: Data
            var authenticatorData: Data
            var signature: Data
            var userID: Data
        }

        /// Runs the request on the main actor and reads its credential there (credentials are not Sendable).
        @MainActor
        private func perform<Result: Sendable>(
            _ request: sending ASAuthorizationRequest, _ read: (ASAuthorizationCredential) throws(ClerkError) -> Result
        ) async throws(ClerkError) -> Result {
            let delegate = AuthorizationDelegate(anchor: anchor())
            let controller = ASAuthorizationController(authorizationRequests: [request])
            controller.delegate = delegate
            controller.presentationContextProvider = delegate
            let credential: ASAuthorizationCredential
            do {
                credential = try await withCheckedThrowingContinuation { continuation in
                    delegate.continuation = continuation
                    controller.performRequests()
                }
            } catch let error as ASAuthorizationError where error.code == .canceled {
                throw .cancelled
            } catch {
                throw .invalidInput(InvalidInput(field: "public_key_credential", reason: "the authenticator failed: \(error.localizedDescription)"))
            }
            return try read(credential)
        }
    }

    @MainActor
    private final class AuthorizationDelegate: NSObject, @preconcurrency ASAuthorizationControllerDelegate,
        @preconcurrency ASAuthorizationControllerPresentationContextProviding
    {
        let anchor: ASPresentationAnchor
        var continuation: CheckedContinuation<ASAuthorizationCredential, any Error>?

        init(anchor: ASPresentationAnchor) {
            self.anchor = anchor
        }

        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor { anchor }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
            continuation?.resume(returning: authorization.credential)
            continuation = nil
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            continuation?.resume(throwing: error)
            continuation = nil
        }
    }
#endif

import Clerk
import Foundation

/// A sign-up whose email address is verified by a native email link: the link was sent with the
/// S256 challenge of `verifier`, which only this app holds. Opening the link (in a browser, on any
/// device) verifies nothing: it comes back to the app as a `NativeEmailLinkCallback`, and
/// `complete(link:)` exchanges it, with the verifier, for the sign-up with its address verified.
public struct NativeEmailLinkSignUp: Sendable, CustomStringConvertible {
    /// The sign-up the link was sent for, as prepared.
    public let signUp: SignUpHandle
    /// The code verifier whose challenge went with the link.
    public let verifier: EmailLinkVerifier

    /// The sign-up `signUp`, whose link went with `verifier`'s challenge (to resume after a
    /// restart, from the sign-up and the verifier the app kept).
    public init(signUp: SignUpHandle, verifier: EmailLinkVerifier) {
        self.signUp = signUp
        self.verifier = verifier
    }

    /// The flow the link belongs to: the sign-up's id.
    public var flowID: String { signUp.id }

    /// Completes the verification with the URL the link opened in the app: checks it belongs to
    /// this flow, then `ClerkClient.completeNativeEmailLinkSignUp(_:verifier:)` (one request).
    /// The sign-up answered is complete, with its session active on the client (`finalize()` then
    /// sends nothing), unless requirements are still missing (supply them with `update(_:)`).
    /// - Throws: `ClerkError.invalidInput` (field `flow_id`) before any request when the link is
    ///   of another flow; what `NativeEmailLinkCallback` and `completeNativeEmailLinkSignUp` throw.
    public func complete(link: URL) async throws(ClerkError) -> SignUpHandle {
        let callback = try NativeEmailLinkCallback(link, of: flowID, flow: "sign-up")
        return try await signUp.client.completeNativeEmailLinkSignUp(callback, verifier: verifier)
    }

    /// The flow; never the verifier.
    public var description: String { "NativeEmailLinkSignUp(flow \(flowID))" }
}

extension ClerkClient {
    /// Starts a sign-up whose email address a native email link verifies
    /// (`POST /v1/client/sign_ups` with `body`, then `prepare_verification` with the challenge of
    /// `verifier`): the link, once opened, comes back to `redirectURL` in the app, and only
    /// `verifier` completes it.
    public func startNativeEmailLinkSignUp(
        _ body: CreateSignUpRequest.Body, redirectURL: URL, verifier: EmailLinkVerifier = EmailLinkVerifier()
    ) async throws(ClerkError) -> NativeEmailLinkSignUp {
        let signUp = try await createSignUp(body)
        return NativeEmailLinkSignUp(signUp: try await signUp.sendNativeEmailLink(redirectURL: redirectURL, verifier: verifier), verifier: verifier)
    }

    /// Completes a sign-up's native email link: `POST /v1/client/magic_links/complete {flow_id,
    /// approval_token, code_verifier}` answers the sign-up itself, its email address verified
    /// (complete, with its session, unless requirements are still missing). Not repeated on its own.
    /// - Throws: `ClerkError.api` with `pkce_verification_failed` (not this flow's verifier),
    ///   `approval_token_invalid`, `approval_token_consumed` or `approval_token_expired`.
    public func completeNativeEmailLinkSignUp(_ callback: NativeEmailLinkCallback, verifier: EmailLinkVerifier) async throws(ClerkError) -> SignUpHandle {
        let signUp = try await send(
            CompleteNativeEmailLinkSignUpRequest(
                body: .init(flowID: callback.flowID, approvalToken: callback.approvalToken.revealed, codeVerifier: verifier.value.revealed))
        ).response
        return SignUpHandle(client: self, signUp: signUp)
    }
}

extension SignUpHandle {
    /// Sends the native email link that verifies the sign-up's email address
    /// (`prepare_verification {strategy: email_link, redirect_url, code_challenge, code_challenge_method: S256}`).
    public func sendNativeEmailLink(redirectURL: URL, verifier: EmailLinkVerifier) async throws(ClerkError) -> SignUpHandle {
        var body = EmailLinkStrategy(redirectURL: redirectURL).prepareVerification()
        body.codeChallenge = verifier.challenge
        body.codeChallengeMethod = EmailLinkVerifier.challengeMethod
        return try await prepareVerification(body)
    }
}

import Clerk
import Foundation

/// A native email link sign-in: the link was sent with the S256 challenge of `verifier`, which
/// only this app holds. Opening the link (in a browser, on any device) signs nobody in: it comes
/// back to the app as a `NativeEmailLinkCallback`, and `complete(link:)` exchanges it, with the
/// verifier, for a ticket and signs in with it.
public struct NativeEmailLinkSignIn: Sendable, CustomStringConvertible {
    /// The sign-in the link was sent for, as prepared.
    public let signIn: SignInHandle
    /// The code verifier whose challenge went with the link.
    public let verifier: EmailLinkVerifier

    /// The sign-in `signIn`, whose link went with `verifier`'s challenge (to resume after a
    /// restart, from the sign-in and the verifier the app kept).
    public init(signIn: SignInHandle, verifier: EmailLinkVerifier) {
        self.signIn = signIn
        self.verifier = verifier
    }

    /// The flow the link belongs to: the sign-in's id.
    public var flowID: String { signIn.id }

    /// Completes the sign-in with the URL the link opened in the app: checks it belongs to this
    /// flow, then `ClerkClient.completeNativeEmailLink(_:verifier:)` (two requests).
    /// - Throws: `ClerkError.invalidInput` (field `flow_id`) before any request when the link is
    ///   of another flow; what `NativeEmailLinkCallback` and `completeNativeEmailLink` throw.
    public func complete(link: URL) async throws(ClerkError) -> SignInHandle {
        let callback = try NativeEmailLinkCallback(link, of: flowID, flow: "sign-in")
        return try await signIn.client.completeNativeEmailLink(callback, verifier: verifier)
    }

    /// The flow; never the verifier.
    public var description: String { "NativeEmailLinkSignIn(flow \(flowID))" }
}

extension ClerkClient {
    /// Starts a native email link sign-in (`POST /v1/client/sign_ins {identifier}`, then
    /// `prepare_first_factor` with the challenge of `verifier`): the link, once opened, comes back
    /// to `redirectURL` in the app, and only `verifier` completes it.
    public func startNativeEmailLinkSignIn(
        emailAddress: String, redirectURL: URL, verifier: EmailLinkVerifier = EmailLinkVerifier()
    ) async throws(ClerkError) -> NativeEmailLinkSignIn {
        let signIn = try await createSignIn(CreateSignInRequest.Body(identifier: emailAddress))
        return NativeEmailLinkSignIn(signIn: try await signIn.sendNativeEmailLink(redirectURL: redirectURL, verifier: verifier), verifier: verifier)
    }

    /// Completes a native email link: `POST /v1/client/magic_links/complete {flow_id,
    /// approval_token, code_verifier}` answers a ticket, then `POST /v1/client/sign_ins
    /// {strategy: ticket, ticket}` signs in with it. Returns that sign-in: complete, or needing a
    /// second factor. Neither request is repeated on its own.
    /// - Throws: `ClerkError.api` with `pkce_verification_failed` (not this flow's verifier),
    ///   `approval_token_invalid`, `approval_token_consumed` or `approval_token_expired`.
    public func completeNativeEmailLink(_ callback: NativeEmailLinkCallback, verifier: EmailLinkVerifier) async throws(ClerkError) -> SignInHandle {
        let completion = try await send(
            CompleteNativeEmailLinkRequest(
                body: .init(flowID: callback.flowID, approvalToken: callback.approvalToken.revealed, codeVerifier: verifier.value.revealed))
        ).response
        return try await createSignIn(CreateSignInRequest.Body(strategy: .ticket, ticket: completion.ticket))
    }
}

extension SignInHandle {
    /// Sends a native email link for the first factor (`prepare_first_factor {strategy: email_link,
    /// email_address_id, redirect_url, code_challenge, code_challenge_method: S256}`).
    /// - Throws: `FlowError.noApplicableStrategy` before any request when the sign-in offers no email link.
    public func sendNativeEmailLink(redirectURL: URL, verifier: EmailLinkVerifier) async throws(ClerkError) -> SignInHandle {
        let strategy = EmailLinkStrategy(redirectURL: redirectURL)
        guard let factor = strategy.selectFactor(from: supportedFirstFactors, identifier: identifier) else {
            throw .flow(.noApplicableStrategy(stage: .firstFactor, supported: supportedFirstFactors.map(\.strategy)))
        }
        var body = strategy.prepareFirstFactor(factor)
        body.codeChallenge = verifier.challenge
        body.codeChallengeMethod = EmailLinkVerifier.challengeMethod
        return try await prepareFirstFactor(body)
    }
}

import ClerkAPI
import Foundation

/// Native email links (PKCE), as Clerk's iOS SDK uses them: the app sends the S256 challenge of a
/// verifier it keeps when it prepares the link; opening the link signs nobody in but approves the
/// flow, and the browser is sent to the app with the flow id and an approval token; the app then
/// shows the token and the verifier (`POST /v1/client/magic_links/complete`) and gets a one-time
/// sign-in ticket. Clerk's spec does not list the endpoint; its shape is ClerkKit's.
extension SignInRules {
    /// The challenge of a native email link `input` asks for, checked before anything is sent; nil
    /// for an ordinary link.
    func nativeLinkChallenge(_ input: FactorPreparation) throws(FrontendError) -> String? {
        guard input.codeChallenge != nil || input.codeChallengeMethod != nil else { return nil }
        guard input.strategy == .emailLink else { throw .unknownParameter("code_challenge") }
        guard let challenge = input.codeChallenge, !challenge.isEmpty else { throw .missing("code_challenge") }
        guard let method = input.codeChallengeMethod else { throw .missing("code_challenge_method") }
        guard method == "S256" else { throw .invalidValue("code_challenge_method", method) }
        // BASE64URL(SHA-256(verifier)) is 43 characters of base64url.
        guard challenge.count == 43, PKCE.isValidVerifier(challenge) else { throw .invalidFormat("code_challenge") }
        return challenge
    }

    /// Opening a native link: the link is used, the sign-in stays where it is, and the redirect
    /// carries the flow id and a new approval token.
    mutating func approveNativeLink(_ signIn: inout SignInRecord, link: LinkChallenge, openedBy clientID: String?) -> LinkOpening {
        var link = link
        let (approval, token) = LinkApproval.issue(now: now, lifetimeSeconds: settings.emailLink.lifetimeSeconds)
        link.openedAt = now
        link.openedByClientID = clientID
        link.approval = approval
        signIn.firstFactor?.link = link
        signIns[signIn.id] = signIn
        return LinkOpening(.verified, redirectURL: link.redirectURL, approval: (signIn.id, token))
    }

    /// `POST /v1/client/magic_links/complete {flow_id, approval_token, code_verifier}`: for the
    /// client whose sign-in sent the link, an approval not used yet and not expired, and the
    /// verifier of the challenge, mints a sign-in ticket (valid once, for the link's lifetime).
    /// Every refusal changes nothing.
    package mutating func completeNativeEmailLink(
        _ meta: RequestMeta, flowID: String, approvalToken: String, codeVerifier: String
    ) throws(FrontendError) -> StoreAnswer<NativeEmailLinkTicket> {
        try admit(meta)
        let client = try requireClient(meta)
        // Another client's sign-in, or none: the flow id names nothing the caller may complete.
        guard var signIn = signIns[flowID], signIn.clientID == client.id, var link = signIn.firstFactor?.link,
            let challenge = link.codeChallenge
        else { throw .invalidValue("flow_id", flowID) }
        guard var approval = link.approval, TokenDigest.matches(approval.tokenDigest, TokenDigest.of(approvalToken)) else {
            throw FrontendError(.approvalTokenInvalid, paramName: "approval_token")
        }
        guard approval.consumedAt == nil else { throw FrontendError(.approvalTokenConsumed, paramName: "approval_token") }
        guard now < approval.expiresAt else { throw FrontendError(.approvalTokenExpired, paramName: "approval_token") }
        guard PKCE.isValidVerifier(codeVerifier), ConstantTime.equals(Array(PKCE.challenge(for: codeVerifier).utf8), Array(challenge.utf8)) else {
            throw FrontendError(.pkceVerificationFailed, paramName: "code_verifier")
        }
        guard var user = signIn.userID.flatMap({ users[$0] }) else { throw FrontendError(.approvalTokenInvalid, paramName: "approval_token") }
        if let lock = lockError(for: user) { throw lock }

        approval.consumedAt = now
        link.approval = approval
        signIn.firstFactor?.link = link
        signIns[signIn.id] = signIn
        let (record, ticket) = SignInTokenRecord.issue(now: now, lifetimeSeconds: settings.emailLink.lifetimeSeconds)
        user.signInTokens = (user.signInTokens ?? []).filter { $0.status == .pending && $0.expiresAt > now } + [record]
        store(user)
        return StoreAnswer(resource: NativeEmailLinkTicket(flowID: signIn.id, ticket: ticket), snapshot: snapshot(of: client.id))
    }
}

/// What completing a native email link answers: the flow and the ticket to sign in with.
package struct NativeEmailLinkTicket: Sendable, Equatable {
    package var flowID: String
    package var ticket: String
}

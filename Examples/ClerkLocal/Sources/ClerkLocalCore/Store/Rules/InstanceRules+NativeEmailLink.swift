import ClerkAPI
import Foundation

/// What sign-ins and sign-ups share of native email links (PKCE), as Clerk's iOS SDK uses them:
/// the challenge sent when the link is prepared, the approval opening it gives, and the checks
/// `POST /v1/client/magic_links/complete` makes before the flow goes on.
extension InstanceRules {
    /// The challenge of a native email link a preparation asks for, checked before anything is
    /// sent; nil for an ordinary link.
    func nativeLinkChallenge(strategy: Strategy, challenge: String?, method: String?) throws(FrontendError) -> String? {
        guard challenge != nil || method != nil else { return nil }
        guard strategy == .emailLink else { throw .unknownParameter("code_challenge") }
        guard let challenge, !challenge.isEmpty else { throw .missing("code_challenge") }
        guard let method else { throw .missing("code_challenge_method") }
        guard method == "S256" else { throw .invalidValue("code_challenge_method", method) }
        // BASE64URL(SHA-256(verifier)) is 43 characters of base64url.
        guard challenge.count == 43, PKCE.isValidVerifier(challenge) else { throw .invalidFormat("code_challenge") }
        return challenge
    }

    /// Opening a native link: the link is used and carries a new approval; the token goes to the
    /// app in the redirect.
    func approve(_ link: inout LinkChallenge, openedBy clientID: String?) -> String {
        let (approval, token) = LinkApproval.issue(now: now, lifetimeSeconds: settings.emailLink.lifetimeSeconds)
        link.openedAt = now
        link.openedByClientID = clientID
        link.approval = approval
        return token
    }

    /// The link with its approval used, when `approvalToken` is its approval's, not used yet nor
    /// expired, and `codeVerifier` is the verifier of its challenge. Changes nothing itself.
    func redeemApproval(of link: LinkChallenge, approvalToken: String, codeVerifier: String) throws(FrontendError) -> LinkChallenge {
        guard let challenge = link.codeChallenge, var approval = link.approval,
            TokenDigest.matches(approval.tokenDigest, TokenDigest.of(approvalToken))
        else { throw FrontendError(.approvalTokenInvalid, paramName: "approval_token") }
        guard approval.consumedAt == nil else { throw FrontendError(.approvalTokenConsumed, paramName: "approval_token") }
        guard now < approval.expiresAt else { throw FrontendError(.approvalTokenExpired, paramName: "approval_token") }
        guard PKCE.isValidVerifier(codeVerifier), ConstantTime.equals(Array(PKCE.challenge(for: codeVerifier).utf8), Array(challenge.utf8)) else {
            throw FrontendError(.pkceVerificationFailed, paramName: "code_verifier")
        }
        var used = link
        approval.consumedAt = now
        used.approval = approval
        return used
    }
}

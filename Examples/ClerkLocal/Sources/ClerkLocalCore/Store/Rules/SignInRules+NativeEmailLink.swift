import ClerkAPI
import Foundation

/// Native email links (PKCE), as Clerk's iOS SDK uses them: the app sends the S256 challenge of a
/// verifier it keeps when it prepares the link; opening the link signs nobody in but approves the
/// flow, and the browser is sent to the app with the flow id and an approval token; the app then
/// shows the token and the verifier (`POST /v1/client/magic_links/complete`) and gets a one-time
/// sign-in ticket. Clerk's spec does not list the endpoint; its shape is ClerkKit's.
extension SignInRules {
    /// Opening a native link: the link is used, the sign-in stays where it is, and the redirect
    /// carries the flow id and a new approval token.
    mutating func approveNativeLink(_ signIn: inout SignInRecord, link: LinkChallenge, openedBy clientID: String?) -> LinkOpening {
        var link = link
        let token = approve(&link, openedBy: clientID)
        signIn.firstFactor?.link = link
        signIns[signIn.id] = signIn
        return LinkOpening(.verified, redirectURL: link.redirectURL, approval: (signIn.id, token))
    }

    /// `POST /v1/client/magic_links/complete {flow_id, approval_token, code_verifier}`: for the
    /// client whose sign-in sent the link, an approval not used yet and not expired, and the
    /// verifier of the challenge, mints a sign-in ticket (valid once, for the link's lifetime); for
    /// a sign-up's link, completes the sign-up (`SignUpRules.completeNativeEmailLink`). Every
    /// refusal changes nothing.
    package mutating func completeNativeEmailLink(
        _ meta: RequestMeta, flowID: String, approvalToken: String, codeVerifier: String
    ) throws(FrontendError) -> NativeEmailLinkOutcome {
        if signUps[flowID] != nil {
            var rules = SignUpRules(state: state, operation: operation)
            state = .placeholder
            defer { state = rules.state }
            return .signUp(try rules.completeNativeEmailLink(meta, signUpID: flowID, approvalToken: approvalToken, codeVerifier: codeVerifier))
        }
        try admit(meta)
        let client = try requireClient(meta)
        // Another client's sign-in, or none: the flow id names nothing the caller may complete.
        guard var signIn = signIns[flowID], signIn.clientID == client.id, let link = signIn.firstFactor?.link, link.codeChallenge != nil
        else { throw .invalidValue("flow_id", flowID) }
        let used = try redeemApproval(of: link, approvalToken: approvalToken, codeVerifier: codeVerifier)
        guard var user = signIn.userID.flatMap({ users[$0] }) else { throw FrontendError(.approvalTokenInvalid, paramName: "approval_token") }
        if let lock = lockError(for: user) { throw lock }

        signIn.firstFactor?.link = used
        signIns[signIn.id] = signIn
        let (record, ticket) = SignInTokenRecord.issue(now: now, lifetimeSeconds: settings.emailLink.lifetimeSeconds)
        user.signInTokens = (user.signInTokens ?? []).filter { $0.status == .pending && $0.expiresAt > now } + [record]
        store(user)
        return .ticket(StoreAnswer(resource: NativeEmailLinkTicket(flowID: signIn.id, ticket: ticket), snapshot: snapshot(of: client.id)))
    }
}

/// What completing a native email link answers: the flow and the ticket to sign in with.
package struct NativeEmailLinkTicket: Sendable, Equatable {
    package var flowID: String
    package var ticket: String
}

/// What completing a native email link did: a sign-in's gave a ticket, a sign-up's went on with
/// the sign-up (ClerkKit reads the answer as one or the other).
package enum NativeEmailLinkOutcome: Sendable {
    case ticket(StoreAnswer<NativeEmailLinkTicket>)
    case signUp(StoreAnswer<SignUpRecord>)
}

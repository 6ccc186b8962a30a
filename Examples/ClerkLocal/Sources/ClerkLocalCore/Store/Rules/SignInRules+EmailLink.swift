import ClerkAPI
import Foundation

extension SignInRules {
    /// Opens an email link of a sign-in: its first factor or Client Trust is verified and the
    /// sign-in goes on as after a code (a session when nothing else is needed), on the client that
    /// asked for the link, whichever device opened it. A link opens once, before it expires, while
    /// the sign-in is still its client's current one at the stage it was sent for.
    package mutating func openLink(_ meta: RequestMeta, signInID: String, stage: LinkTarget.LinkStage) -> LinkOpening {
        let openingClientID = (try? client(for: meta))?.id
        guard var signIn = signIns[signInID], var client = clients[signIn.clientID],
            var verification = stage == .firstFactor ? signIn.firstFactor : signIn.secondFactor, var link = verification.link
        else { return LinkOpening(.failed, redirectURL: "") }
        let redirect = link.redirectURL
        // A native link is meant to be opened in a browser, by no client: the verifier the app
        // keeps proves who asked for it instead.
        let native = link.codeChallenge != nil
        if let refused = refusal(opening: link, of: signIn.clientID, by: native ? signIn.clientID : openingClientID) { return refused }
        let awaited: SignInStatus = stage == .firstFactor ? .needsFirstFactor : .needsClientTrust
        guard signIn.status == awaited, client.signInID == signIn.id else { return LinkOpening(.failed, redirectURL: redirect) }
        if let user = signIn.userID.flatMap({ users[$0] }), lockError(for: user) != nil { return LinkOpening(.failed, redirectURL: redirect) }
        if native { return approveNativeLink(&signIn, link: link, openedBy: openingClientID) }

        link.openedAt = now
        link.openedByClientID = openingClientID
        verification.link = link
        switch stage {
        case .firstFactor:
            signIn.firstFactor = verification
            signIn.firstFactorVerifiedAt = now
            guard let user = signIn.userID.flatMap({ users[$0] }) else {
                // Only a signUpIfMissing sign-in sends a link for an address without an account: the
                // address is now proven and the sign-in hands it over to a sign-up.
                signIn.firstFactor?.fixedStatus = .transferable
                _ = commit(signIn, client: &client)
                return LinkOpening(.verified, redirectURL: redirect)
            }
            signIn.concealed = false
            signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
            advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: false)
        case .clientTrust:
            signIn.secondFactor = verification
            guard let userID = signIn.userID else { return LinkOpening(.failed, redirectURL: redirect) }
            completeSignIn(&signIn, userID: userID, client: &client)
        }
        _ = commit(signIn, client: &client)
        return LinkOpening(.verified, redirectURL: redirect, createdSessionID: signIn.createdSessionID)
    }
}

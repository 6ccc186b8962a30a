import ClerkAPI
import Foundation

extension SignUpRules {
    /// Opens the email link of a sign-up: its email address is verified and, when nothing else is
    /// missing, the user and the session are created on the client that started the sign-up. A
    /// link opens once, before it expires, while the sign-up is still its client's current one.
    package mutating func openLink(_ meta: RequestMeta, signUpID: String) -> LinkOpening {
        let openingClientID = (try? client(for: meta))?.id
        guard var record = signUps[signUpID], var client = clients[record.clientID],
            var verification = record.emailVerification, var link = verification.link
        else { return LinkOpening(.failed, redirectURL: "") }
        let redirect = link.redirectURL
        // A native link is meant to be opened in a browser, by no client: the verifier the app
        // keeps proves who asked for it instead.
        let native = link.codeChallenge != nil
        if let refused = refusal(opening: link, of: record.clientID, by: native ? record.clientID : openingClientID) { return refused }
        guard record.status != .complete, client.signUpID == record.id else { return LinkOpening(.failed, redirectURL: redirect) }
        if link.codeChallenge != nil {
            // A native link verifies nothing yet: the app completes it with its verifier.
            let token = approve(&link, openedBy: openingClientID)
            verification.link = link
            record.emailVerification = verification
            signUps[record.id] = record
            return LinkOpening(.verified, redirectURL: redirect, approval: (record.id, token))
        }

        link.openedAt = now
        link.openedByClientID = openingClientID
        verification.link = link
        record.emailVerification = verification
        do {
            try settle(&record, client: &client)
        } catch {
            // Another account took the address meanwhile: nothing changes.
            return LinkOpening(.failed, redirectURL: redirect)
        }
        _ = commit(record, client: &client)
        return LinkOpening(.verified, redirectURL: redirect, createdSessionID: record.createdSessionID)
    }
}

extension SignUpRules {
    /// `POST /v1/client/magic_links/complete` for a sign-up's native link: for the client whose
    /// sign-up sent it, with the approval opening it gave and the verifier of its challenge, the
    /// email address is verified and the sign-up goes on as when an ordinary link is opened:
    /// complete, with its session, unless a requirement is still missing. Every refusal changes nothing.
    package mutating func completeNativeEmailLink(
        _ meta: RequestMeta, signUpID: String, approvalToken: String, codeVerifier: String
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try admit(meta)
        let owner = try requireClient(meta)
        guard let found = signUps[signUpID], found.clientID == owner.id, let link = found.emailVerification?.link, link.codeChallenge != nil
        else { throw .invalidValue("flow_id", signUpID) }
        let used = try redeemApproval(of: link, approvalToken: approvalToken, codeVerifier: codeVerifier)
        var (client, record) = try updatableSignUp(meta, id: signUpID)
        record.emailVerification?.link = used
        try settle(&record, client: &client)
        return commit(record, client: &client)
    }
}

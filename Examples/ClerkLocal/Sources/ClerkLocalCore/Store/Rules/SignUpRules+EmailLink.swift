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
        if let refused = refusal(opening: link, of: record.clientID, by: openingClientID) { return refused }
        guard record.status != .complete, client.signUpID == record.id else { return LinkOpening(.failed, redirectURL: redirect) }

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

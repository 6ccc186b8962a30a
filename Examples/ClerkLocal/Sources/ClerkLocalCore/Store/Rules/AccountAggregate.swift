import ClerkAPI
import Foundation

/// Rules of the signed-in user's own account (`/v1/me`), split by responsibility (`AccountRules`,
/// `IdentificationRules`, `SecondFactorRules`, `PasskeyRules`, `ExternalAccountRules`,
/// `PasswordRules`): what they share is here.
protocol AccountAggregate: InstanceRules {}

/// The session a `/v1/me` request acts for, with its client and user.
package struct AccountContext: Sendable {
    package var client: ClientRecord
    package var session: SessionRecord
    package var user: UserRecord
}

/// `/v1/me`: the signed-in user's own account. Every request names its session in
/// `_clerk_session_id` (native clients always do; without it the client's last active session is
/// meant). A pending session may read it and make the changes that resolve its tasks
/// (`resolves`), nothing else (`requireNotPending`).
extension AccountAggregate {
    /// The live session `sessionID` of the caller's client and its user. Refusals change nothing.
    package mutating func account(
        _ meta: RequestMeta, sessionID: String?, mutation: Bool, resolves: Set<SessionTaskKey> = []
    ) throws(FrontendError) -> AccountContext {
        let client = try requireClient(meta)
        let id = sessionID.flatMap { $0.isEmpty ? nil : $0 } ?? client.lastActiveSessionID
        guard let id else { throw .signedOut() }
        // Another client's session (another user's, or this user's on another device) does not exist here.
        guard let session = sessions[id], session.clientID == client.id else {
            throw .notFound("SessionNotFound", parameter: "_clerk_session_id")
        }
        guard isLive(session), let user = users[session.userID] else {
            var error = FrontendError.signedOut()
            error.paramName = "_clerk_session_id"
            throw error
        }
        if mutation {
            try requireNotPending(session, unlessResolving: resolves, action: "change the account of")
            try admit(meta, account: user.id)
        }
        return AccountContext(client: client, session: session, user: user)
    }

    /// The answer after a change: the user as stored now and the client's new state.
    package func accountAnswer<Resource: Sendable>(_ resource: Resource, _ context: AccountContext) -> StoreAnswer<Resource> {
        StoreAnswer(resource: resource, snapshot: snapshot(of: context.client.id))
    }
}

import ClerkAPI
import Foundation

/// The rules of the signed-in user's own account (`/v1/me`): its fields, email addresses, phone
/// numbers, password, authenticator app and backup codes.
package struct AccountRules: InstanceRules {
    package var state: InstanceState
    package let operation: OperationContext

}

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
extension AccountRules {
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

    // MARK: GET and PATCH /v1/me

    package mutating func readAccount(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        return accountAnswer(context.user, context)
    }

    package mutating func updateAccount(
        _ meta: RequestMeta, sessionID: String?, _ input: AccountChange
    ) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        var user = context.user
        if input.primaryWeb3WalletID != nil { throw .unknownParameter("primary_web3_wallet_id") }
        if let first = input.firstName { user.firstName = try UserFieldRules.name(first, parameter: "first_name") }
        if let last = input.lastName { user.lastName = try UserFieldRules.name(last, parameter: "last_name") }
        if let username = input.username {
            guard settings.username.enabled else { throw .unknownParameter("username") }
            let trimmed = username.trimmingWhitespace()
            guard IdentifierFormat.isValidUsername(trimmed) else { throw .invalidFormat("username") }
            if let owner = userIDsByUsername[trimmed.lowercased()], owner != user.id { throw .identifierExists("username") }
            user.username = trimmed
        }
        if let id = input.primaryEmailAddressID {
            guard let index = user.emails.firstIndex(where: { $0.id == id }) else {
                throw FrontendError(.formResourceNotFound, paramName: "primary_email_address_id")
            }
            guard user.emails[index].verified else { throw .invalidFormat("primary_email_address_id", longMessage: "The email address is not verified.") }
            user.emails.insert(user.emails.remove(at: index), at: 0)
        }
        if let id = input.primaryPhoneNumberID {
            guard let index = user.phones.firstIndex(where: { $0.id == id }) else {
                throw FrontendError(.formResourceNotFound, paramName: "primary_phone_number_id")
            }
            guard user.phones[index].verified else { throw .invalidFormat("primary_phone_number_id", longMessage: "The phone number is not verified.") }
            user.phones.insert(user.phones.remove(at: index), at: 0)
        }
        store(user)
        return accountAnswer(user, context)
    }

}

import Foundation

/// A consistent copy of one client's state taken inside the store, presented on the wire outside it.
package struct ClientSnapshot: Sendable {
    package var client: ClientRecord
    /// The client's live sessions and those that expired while live, in creation order.
    package var sessions: [SessionRecord]
    /// The users of those sessions and of the current sign-in and sign-up.
    package var users: [String: UserRecord]
    package var signIn: SignInRecord?
    package var signUp: SignUpRecord?
    package var now: Date
    /// The active organization of each listed session that has one, by session id.
    package var organizations: [String: ActiveOrganization] = [:]
    /// The organization memberships of each listed session's user, by user id (the user resource's
    /// `organization_memberships`); empty when organizations are off.
    package var memberships: [String: [MembershipView]] = [:]
}

/// What a store operation answers: the resource the endpoint is about and the client's new state.
package struct StoreAnswer<Resource: Sendable>: Sendable {
    package var resource: Resource
    package var snapshot: ClientSnapshot
}

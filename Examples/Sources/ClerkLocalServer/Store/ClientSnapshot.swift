import Foundation

/// A consistent copy of one client's state taken inside the store, presented on the wire outside it.
struct ClientSnapshot: Sendable {
    var client: ClientRecord
    /// The client's live sessions and those that expired while live, in creation order.
    var sessions: [SessionRecord]
    /// The users of those sessions and of the current sign-in and sign-up.
    var users: [String: UserRecord]
    var signIn: SignInRecord?
    var signUp: SignUpRecord?
    var now: Date
}

/// What a store operation answers: the resource the endpoint is about and the client's new state.
struct StoreAnswer<Resource: Sendable>: Sendable {
    var resource: Resource
    var snapshot: ClientSnapshot
}

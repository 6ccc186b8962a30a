import Foundation

/// Rules of one aggregate (sign-ins, sign-ups, the account, sessions, administration): a value that
/// holds the instance's state for the length of one operation (`FrontendStore.perform(_:_:)` moves
/// it in and back) and reads the operation's context. Routes name the aggregate and call its rules
/// directly, so an endpoint needs no entry point on the store. What every aggregate needs lives in
/// the extensions of this protocol (`InstanceRules+…`).
package protocol InstanceRules: SendableMetatype {
    var state: InstanceState { get set }
    var operation: OperationContext { get }
    init(state: InstanceState, operation: OperationContext)
}

extension InstanceRules {
    var settings: InstanceSettings { operation.settings }
    var passwordPolicy: PasswordPolicy { operation.passwordPolicy }
    var now: Date { operation.now }
    var outbox: Outbox { operation.outbox }

    // In place (no copy of a table per change): the state's tables by the names the rules use.

    var users: TrackedTable<UserRecord> {
        get { state.directory.users }
        _modify { yield &state.directory.users }
    }
    var userIDsByEmail: [String: String] {
        get { state.directory.idsByEmail }
        _modify { yield &state.directory.idsByEmail }
    }
    var userIDsByPhone: [String: String] {
        get { state.directory.idsByPhone }
        _modify { yield &state.directory.idsByPhone }
    }
    var userIDsByUsername: [String: String] {
        get { state.directory.idsByUsername }
        _modify { yield &state.directory.idsByUsername }
    }
    var clients: TrackedTable<ClientRecord> {
        get { state.clientBook.clients }
        _modify { yield &state.clientBook.clients }
    }
    var sessions: TrackedTable<SessionRecord> {
        get { state.clientBook.sessions }
        _modify { yield &state.clientBook.sessions }
    }
    var signIns: TrackedTable<SignInRecord> {
        get { state.signIns }
        _modify { yield &state.signIns }
    }
    var signUps: TrackedTable<SignUpRecord> {
        get { state.signUps }
        _modify { yield &state.signUps }
    }
}

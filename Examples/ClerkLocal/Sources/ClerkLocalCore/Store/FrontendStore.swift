import ClerkAPI
import Foundation

/// The instance, behind one actor: it serialises operations on the state (`InstanceState`), whose
/// rules live in value types by aggregate (`SignInRules`, `SignUpRules`, `AccountRules` and the
/// account's other rules, `SessionRules`, `BackendAPIRules`, `UserAdministration`), and commits each
/// operation's changes (`perform(_:_:)`: a route names the aggregate and calls its rules, so the store
/// has no entry point per endpoint). Each operation validates everything first and changes state only
/// once nothing can fail, so a refused request leaves no trace (other than counting towards rate
/// limits, attempt limits and lockout, which is what those are for, and are recorded and committed as
/// any change). Slow work (bcrypt, token signing) happens outside. Reads outside an operation change nothing.
package actor FrontendStore {
    /// The one place the settings in effect live, with the password policy derived from them. Only
    /// the actor changes them (`switchSettings`), so an operation sees one set throughout; code
    /// outside the actor reads them through `settingsSnapshot`.
    private let settingsInEffect: LockedValue<SettingsInEffect>
    /// Settings switched since the last commit, not yet handed to storage.
    package var settingsPending = false
    private let readTime: @Sendable () -> Date
    package let outbox: Outbox
    private let frontendAPIURL: @Sendable () -> String

    /// Where changes go before a request is answered (`FrontendStore+Operations`).
    package let storage: any StateStorage

    /// The records, their lookups and the rate limiter.
    package var state: InstanceState
    /// A reset not yet handed to storage.
    package var resetPending = false
    /// The sequence number of the last batch of changes handed to storage.
    package var lastStoredSequence: UInt64 = 0
    /// Operations whose answers wait for their changes to be durable (`FrontendStore+Operations`).
    package var inFlight = OperationsInFlight()
    /// Operations waiting for their batch to be handed to storage, by number.
    package var enqueueWaiters: [UInt64: CheckedContinuation<UInt64, any Error>] = [:]
    /// When the sweep was due before the operation running now.
    package var pruneAtBeforeOperation = Date.distantPast

    package init(
        settings: InstanceSettings, now: @escaping @Sendable () -> Date, outbox: Outbox, storage: any StateStorage = MemoryStorage(),
        frontendAPIURL: @escaping @Sendable () -> String = { "http://localhost" }
    ) {
        let settingsInEffect = LockedValue(SettingsInEffect(settings, generation: 0))
        self.settingsInEffect = settingsInEffect
        readTime = now
        self.outbox = outbox
        self.frontendAPIURL = frontendAPIURL
        self.storage = storage
        state = InstanceState(tracksChanges: storage.keepsState)
    }

    /// The settings in effect and what derives from them, read together.
    package nonisolated var settingsSnapshot: SettingsInEffect {
        settingsInEffect.withLockedValue { $0 }
    }

    package nonisolated var settings: InstanceSettings { settingsSnapshot.settings }

    package nonisolated var passwordPolicy: PasswordPolicy { settingsSnapshot.passwordPolicy }

    /// Puts new settings in effect in one step, keeping every record unless `deletingState`, and
    /// hands them to storage with the next commit (in the same batch as the reset, if any).
    package func switchSettings(to newSettings: InstanceSettings, deletingState: Bool) {
        if deletingState { reset() }
        settingsInEffect.withLockedValue { $0 = SettingsInEffect(newSettings, generation: $0.generation + 1) }
        settingsPending = storage.keepsState
    }

    package var now: Date { readTime() }

    /// What the rules of one operation read besides the state, with the settings in effect now.
    private var operationContext: OperationContext {
        OperationContext(
            inEffect: settingsSnapshot, readTime: readTime, outbox: outbox, keepsState: storage.keepsState, frontendAPIURL: frontendAPIURL)
    }

    /// The rules of one aggregate over the state, for one call: the state moves into them and back
    /// (no copy of a table), and the store holds a placeholder meanwhile.
    subscript<Rules: InstanceRules>(rules _: Rules.Type) -> Rules {
        get { Rules(state: state, operation: operationContext) }
        _modify {
            var rules = Rules(state: .placeholder, operation: operationContext)
            swap(&state, &rules.state)
            defer { swap(&state, &rules.state) }
            yield &rules
        }
    }

    // MARK: Reading the state

    package var users: TrackedTable<UserRecord> { state.directory.users }

    package func user(withIdentifier identifier: String, kind: IdentifierKind) -> UserRecord? {
        state.directory.user(withIdentifier: identifier, kind: kind)
    }

    /// The client a token names, as stored now. A read: the sweep of abandoned records runs in
    /// operations only (`InstanceRules.client(for:)`), so that it is recorded and committed.
    package func client(forToken token: String?) -> ClientRecord? {
        state.clientBook.client(forToken: token)
    }

    /// The client a request names (by its development browser's token when it carries one), as
    /// stored now; a read, as `client(forToken:)`.
    package func client(for meta: RequestMeta) -> ClientRecord? {
        guard let devBrowser = meta.devBrowserToken else { return state.clientBook.client(forToken: meta.token) }
        return state.clientBook.client(forDevBrowser: devBrowser)
    }

    package func store(_ user: UserRecord) {
        state.directory.store(user, changedAt: now)
    }

    // MARK: Reset

    package func reset() {
        state.clear()
        outbox.clear()
        resetPending = storage.keepsState
    }
}

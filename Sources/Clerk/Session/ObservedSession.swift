#if canImport(Observation)
    import Observation

    /// The signed-in state of a `ClerkClient` as an `@Observable` object for SwiftUI: the active
    /// session, its user and the device's signed-in sessions, updated on the main actor whenever
    /// they change.
    ///
    /// ```swift
    /// @State private var auth = ObservedSession(client: clerk)
    /// var body: some View { auth.isSignedIn ? AnyView(HomeView()) : AnyView(SignInView()) }
    /// ```
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    @MainActor
    @Observable
    public final class ObservedSession {
        /// The active session.
        public private(set) var session: Session?
        /// The active session's user, when the answer carried it.
        public private(set) var user: User?
        /// Every signed-in session of the device.
        public private(set) var sessions: [Session] = []

        /// The client observed.
        @ObservationIgnored public let client: ClerkClient
        @ObservationIgnored private let listener = ObservationListener()

        /// Observes `client` from now on; the state is filled in as soon as the client reports it.
        public init(client: ClerkClient) {
            self.client = client
            let updates = client.sessionSnapshots()
            listener.start(
                Task { [weak self] in
                    for await snapshot in updates {
                        guard let self else { return }
                        self.show(snapshot)
                    }
                })
        }

        deinit {
            listener.stop()
        }

        /// Whether a session is active.
        public var isSignedIn: Bool { session != nil }

        /// Reads the client's state now, without waiting for the next change.
        public func update() async {
            show(await client.sessionSnapshot)
        }

        private func show(_ snapshot: SessionSnapshot) {
            if session != snapshot.session { session = snapshot.session }
            if user != snapshot.user { user = snapshot.user }
            if sessions != snapshot.sessions { sessions = snapshot.sessions }
        }
    }

    /// Holds the task that feeds an `ObservedSession`, so that it can be stopped on release.
    private final class ObservationListener: Sendable {
        private let task = Protected<Task<Void, Never>?>(nil)

        func start(_ newTask: Task<Void, Never>) {
            task.withValue { $0 = newTask }
        }

        func stop() {
            task.withValue { $0?.cancel() }
        }
    }
#endif

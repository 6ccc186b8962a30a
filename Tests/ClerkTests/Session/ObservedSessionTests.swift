#if canImport(Observation)
    import Foundation
    import Observation
    import Testing
    @testable import Clerk
    import ClerkTesting

    @Suite("ObservedSession: the signed-in state for SwiftUI", .timeLimit(.minutes(10)))
    @MainActor
    struct ObservedSessionTests {
        /// Returns once `read` reports a change (observation fires before the new value is set; the
        /// continuation resumes after it is).
        func change<T>(of read: @escaping @MainActor () -> T, after action: () async throws -> Void) async rethrows {
            guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
            let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
            withObservationTracking {
                _ = read()
            } onChange: {
                continuation.yield()
            }
            try await action()
            for await _ in stream { break }
        }

        @Test("a sign-in and a sign-out show up in session, user and sessions")
        func followsClient() async throws {
            guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
            let harness = SessionHarness()
            let observed = ObservedSession(client: harness.client)
            #expect(!observed.isSignedIn && observed.sessions.isEmpty)
            try await change(of: { observed.session }) { try await harness.signIn(["sess_1", "sess_2"]) }
            #expect(observed.session?.id == "sess_1" && observed.user?.id == "user_1")
            #expect(observed.sessions.map(\.id) == ["sess_1", "sess_2"] && observed.isSignedIn)
            harness.transport.enqueue(.respond(Fixture.envelope(Optional(Fixture.client()), client: nil)))
            try await change(of: { observed.session }) { try await harness.client.signOutOfAllSessions() }
            #expect(observed.session == nil && observed.user == nil && !observed.isSignedIn)
        }

        @Test("update() reads the client's state at once")
        func update() async throws {
            guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
            let harness = SessionHarness()
            try await harness.signIn()
            let observed = ObservedSession(client: harness.client)
            await observed.update()
            #expect(observed.session?.id == "sess_1")
        }
    }
#endif

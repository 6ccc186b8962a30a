import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Storage whose writes complete only when the test says so (or fail, when told to).
final class GatedStorage: StateStorage {
    private struct State {
        var batches: [StateChanges] = []
        var released = false
        var failure: (any Error)?
        var waiters: [CheckedContinuation<Void, any Error>] = []
    }

    private let state = NIOLockedValueBox(State())
    let keepsState = true

    func load() -> StoredState { StoredState() }
    func instanceKeys(orStore fresh: @Sendable () throws -> InstanceKeys) throws -> InstanceKeys { try fresh() }
    func keepSettings(_ settings: InstanceSettings) {}

    func enqueue(_ changes: StateChanges) -> UInt64 {
        state.withLockedValue { state in
            state.batches.append(changes)
            return UInt64(state.batches.count)
        }
    }

    func waitUntilDurable(_ sequence: UInt64) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<Void, any Error>? = state.withLockedValue { state in
                if let failure = state.failure { return .failure(failure) }
                if state.released { return .success(()) }
                state.waiters.append(continuation)
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    func close() async {}

    var batches: [StateChanges] { state.withLockedValue { $0.batches } }

    func release(failing failure: (any Error)? = nil) {
        let waiters = state.withLockedValue { state in
            state.released = failure == nil
            state.failure = failure
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters {
            if let failure { waiter.resume(throwing: failure) } else { waiter.resume() }
        }
    }
}

@Suite("Persistence: an answer waits for its changes to be durable")
struct DurabilityTests {
    struct DiskFull: Error {}

    @Test("A sign-up is not answered until storage has written it, and what storage got is that sign-up")
    func answerWaitsForStorage() async throws {
        let storage = GatedStorage()
        try await withServer(SettingsPreset.emailCode.settings, storage: storage) { server in
            let email = Fixture.email()
            let answered = NIOLockedValueBox(false)
            let request = Task {
                let answer = try await server.client().signUp([("email_address", email)])
                answered.withLockedValue { $0 = true }
                return answer
            }
            for _ in 0..<200 where !storage.batches.contains(where: { !$0.signUps.isEmpty }) { try await Task.sleep(for: .milliseconds(50)) }
            try await Task.sleep(for: .milliseconds(200))
            #expect(!answered.withLockedValue { $0 }, "answered before its changes were durable")
            let written = storage.batches
            // The request's rate-limit counts (committed by the operation's plan, in a batch of its own), then the sign-up.
            #expect(written.count == 2)
            #expect(written.first.map { !$0.rateLimits.added.isEmpty && $0.signUps.isEmpty } == true)
            #expect(written.last?.signUps.values.compactMap { $0?.emailAddress } == [email])
            #expect(written.last?.clients.count == 1)
            storage.release()
            let answer = try await request.value
            #expect(answer.status == 200)
        }
    }

    @Test("A change storage could not write is answered 500, never as a success")
    func failedWrite() async throws {
        let storage = GatedStorage()
        try await withServer(SettingsPreset.emailCode.settings, storage: storage) { server in
            storage.release(failing: DiskFull())
            let answer = try await server.client().signUp([("email_address", Fixture.email())])
            expectError(answer, status: 500, code: "internal_clerk_error")
        }
    }
}

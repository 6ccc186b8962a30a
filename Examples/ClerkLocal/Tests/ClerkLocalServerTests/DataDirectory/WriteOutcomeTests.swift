import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// A waiter is never told a write succeeded when it failed, however late it comes.
@Suite("Data directory: the outcome of a write")
struct WriteOutcomeTests {
    struct DiskFull: Error {}

    @Test("A waiter arriving after its failure was dropped from memory is told the write failed")
    func lateWaiterOfFailedWrite() async throws {
        let outcomes = WriteOutcomes()
        // More failed groups than the outcomes keep, none waited for yet.
        for _ in 0..<100 {
            let sequence = outcomes.number()
            outcomes.complete(sequence...sequence, with: .failure(DiskFull()))
        }
        await #expect(throws: (any Error).self, "the first failure is no longer kept; it must not read as success") {
            try await outcomes.wait(for: 1)
        }
        await #expect(throws: DiskFull.self) { try await outcomes.wait(for: 100) }
    }

    @Test("Successes after the last forgotten failure still read as successes")
    func laterSuccesses() async throws {
        let outcomes = WriteOutcomes()
        for _ in 0..<100 {
            let sequence = outcomes.number()
            outcomes.complete(sequence...sequence, with: .failure(DiskFull()))
        }
        let written = outcomes.number()
        outcomes.complete(written...written, with: .success(()))
        try await outcomes.wait(for: written)
    }

    @Test("Waiting when nothing was queued (batch 0) succeeds: no failure was ever dropped")
    func nothingQueued() async throws {
        let outcomes = WriteOutcomes()
        try await outcomes.wait(for: outcomes.lastQueued)
    }
}

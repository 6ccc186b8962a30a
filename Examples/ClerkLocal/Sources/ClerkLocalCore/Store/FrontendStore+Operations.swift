import Foundation

/// Operations: a change of state and its commit as one call. The change runs on the actor without
/// suspending; its answer is made outside (tokens are signed there); then its batch goes to storage
/// behind every earlier one and the caller gets the answer once the batch is durable. When the
/// answer cannot be made or the batch cannot be written, the change is undone (with every later
/// operation that saw it) and the caller gets the error.
extension FrontendStore {
    /// Runs `operation` and answers its result once its changes are durable. A refusal the operation
    /// throws is committed too (attempts it counted are kept) and rethrown.
    package func perform<Value: Sendable>(_ operation: @Sendable (isolated FrontendStore) throws -> Value) async throws -> Value {
        try await perform(operation) { result in result }.get()
    }

    /// Runs `operation`, makes its answer with `answer` outside the store (the operation's refusal
    /// included), and returns that answer once the changes are durable. If `answer` throws, the
    /// operation is undone and the error rethrown.
    package func perform<Value: Sendable, Answer: Sendable>(
        _ operation: @Sendable (isolated FrontendStore) throws -> Value,
        answer: @Sendable (Result<Value, any Error>) async throws -> Answer
    ) async throws -> Answer {
        startRecording()
        let result = Result<Value, any Error> { try operation(self) }
        let number = inFlight.add(undo: stopRecording(), batch: takeChanges())
        let answered: Answer
        do {
            answered = try await answer(result)
        } catch {
            undo(from: number, because: error)
            throw error
        }
        guard inFlight.contains(number) else { throw EarlierOperationFailed() }
        inFlight.markReady(number)
        handReadyBatchesToStorage()
        let sequence = try await sequence(of: number)
        // Storage that keeps nothing has nothing to wait for: not calling it saves two executor hops.
        if storage.keepsState {
            do {
                try await storage.waitUntilDurable(sequence)
            } catch {
                undo(from: number, because: error)
                throw error
            }
            guard inFlight.contains(number) else { throw EarlierOperationFailed() }
        }
        inFlight.finish(number)
        return answered
    }

    private func startRecording() {
        state.startRecording()
        pruneAtBeforeOperation = state.nextPruneAt
    }

    private func stopRecording() -> StateUndo {
        state.stopRecording(pruneAtBefore: pruneAtBeforeOperation)
    }

    /// Everything changed since the last call, as one batch for storage (empty with memory storage).
    private func takeChanges() -> StateChanges {
        guard storage.keepsState else { return StateChanges() }
        var changes = StateChanges()
        changes.reset = resetPending
        resetPending = false
        if settingsPending { changes.settings = settings }
        settingsPending = false
        state.takeChanges(into: &changes)
        changes.messages = outbox.takeDeliveries()
        return changes
    }

    private func handReadyBatchesToStorage() {
        let enqueued = inFlight.enqueueReady { operation in
            if !operation.batch.isEmpty { lastStoredSequence = storage.enqueue(operation.batch) }
            return lastStoredSequence
        }
        for (number, sequence) in enqueued {
            enqueueWaiters.removeValue(forKey: number)?.resume(returning: sequence)
        }
    }

    /// The sequence number of the operation's batch, once it is handed to storage.
    private func sequence(of number: UInt64) async throws -> UInt64 {
        switch inFlight.stage(of: number) {
        case .enqueued(let sequence)?: return sequence
        case nil: throw EarlierOperationFailed()
        case .answering?, .ready?:
            return try await withCheckedThrowingContinuation { enqueueWaiters[number] = $0 }
        }
    }

    /// Undoes the operation and every later one still in flight (newest first), and fails those.
    /// What they had handed to storage is written again as it is now.
    private func undo(from number: UInt64, because error: any Error) {
        let undone = inFlight.removeFrom(number)
        guard !undone.isEmpty else { return }
        for operation in undone {
            let undo = operation.undo
            state.undo(undo)
            outbox.withdraw(undo.messageIDs)
            markChangedAgain(operation.batch)
            if operation.number != number {
                enqueueWaiters.removeValue(forKey: operation.number)?.resume(throwing: EarlierOperationFailed())
            }
        }
        enqueueWaiters.removeValue(forKey: number)?.resume(throwing: error)
        state.rebuildIndexes()
    }

    private func markChangedAgain(_ batch: StateChanges) {
        state.markChanged(batch)
        if batch.reset { resetPending = true }
        if batch.settings != nil { settingsPending = true }
    }
}

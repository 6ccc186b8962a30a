import Foundation

/// Operations: a change of state and its commit as one call. The change runs on the actor without
/// suspending; its answer is made outside (tokens are signed there); then its batch goes to storage
/// behind every earlier one and the caller gets the answer once the batch is durable. When the
/// answer cannot be made or the batch cannot be written, the change is undone (with every later
/// operation that saw it) and the caller gets the error.
extension FrontendStore {
    /// Runs `operation` on the rules of one aggregate (the state moves into them and back) and
    /// answers its result once its changes are durable, as `perform(_:)` does. A new endpoint calls
    /// its rules here; the store needs no entry point for it.
    package func perform<Rules: InstanceRules, Value: Sendable>(
        _ rules: Rules.Type, _ operation: @Sendable (inout Rules) throws -> Value
    ) async throws -> Value {
        try await perform { store in try operation(&store[rules: Rules.self]) }
    }

    /// `perform(_:_:)` with the answer made outside the store, as `perform(_:answer:)` does.
    package func perform<Rules: InstanceRules, Value: Sendable, Answer: Sendable>(
        _ rules: Rules.Type, _ operation: @Sendable (inout Rules) throws -> Value,
        answer: @Sendable (Result<Value, any Error>) async throws -> Answer
    ) async throws -> Answer {
        try await perform({ store in try operation(&store[rules: Rules.self]) }, answer: answer)
    }

    /// Reads through the rules of one aggregate without changing anything: `read` gets a copy of the
    /// rules, so a rule that changes state (counting, sweeping) does not compile here.
    package func read<Rules: InstanceRules, Value: Sendable>(_ rules: Rules.Type, _ read: @Sendable (Rules) throws -> Value) rethrows -> Value {
        try read(self[rules: Rules.self])
    }

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
        let (number, result) = record(operation)
        return try await finish(number, result, answer: answer)
    }

    /// `perform(_:plan:outside:complete:answer:)` answering the completion's result, or rethrowing the
    /// plan's, the work's or the completion's refusal once what the operation changed is durable.
    package func perform<Rules: InstanceRules, Plan: Sendable, Work: Sendable, Value: Sendable>(
        _ rules: Rules.Type, plan: @Sendable (inout Rules) throws -> Plan, outside work: @Sendable (Plan) async throws -> Work,
        complete: @Sendable (inout Rules, Plan, Work) throws -> Value
    ) async throws -> Value {
        try await perform(rules, plan: plan, outside: work, complete: complete) { result in result }.get()
    }

    /// An operation with slow work in its middle (bcrypt): `plan` checks the request and reads what
    /// the work needs, `outside` does the work off the actor, and `complete` applies its result. The
    /// plan's changes (the request counted against the rate limits, a sweep) are recorded as an
    /// operation of their own that goes to storage in its turn while the work runs, so operations on
    /// the actor meanwhile are not held up; the answer waits for them and the completion's to be
    /// durable, or for the plan's alone when the plan or the work refuses. `complete` checks again
    /// what other operations may have changed during the work (the digest checked is still the one in
    /// effect, the sign-in still waits for this step).
    package func perform<Rules: InstanceRules, Plan: Sendable, Work: Sendable, Value: Sendable, Answer: Sendable>(
        _ rules: Rules.Type,
        plan: @Sendable (inout Rules) throws -> Plan,
        outside work: @Sendable (Plan) async throws -> Work,
        complete: @Sendable (inout Rules, Plan, Work) throws -> Value,
        answer: @Sendable (Result<Value, any Error>) async throws -> Answer
    ) async throws -> Answer {
        let (planNumber, planned) = record { store in try plan(&store[rules: Rules.self]) }
        let planResult: Plan
        switch planned {
        case .success(let value): planResult = value
        case .failure(let refusal): return try await finish(planNumber, .failure(refusal), answer: answer)
        }
        inFlight.markReady(planNumber)
        handReadyBatchesToStorage()
        let worked: Work
        do {
            worked = try await work(planResult)
        } catch {
            return try await finish(planNumber, .failure(error), answer: answer)
        }
        let answered: Answer
        do {
            answered = try await perform({ store in try complete(&store[rules: Rules.self], planResult, worked) }, answer: answer)
        } catch {
            try? await commit(planNumber)
            throw error
        }
        // Forgets the plan. Its batch went to storage before the completion's, durable now, so it is too, unless
        // it was undone (by an earlier operation's failure) before the completion ran, which the answer did not see.
        try? await commit(planNumber)
        return answered
    }

    /// Runs `operation` with its changes recorded as one operation in flight; answers its number.
    private func record<Value>(_ operation: (isolated FrontendStore) throws -> Value) -> (UInt64, Result<Value, any Error>) {
        startRecording()
        let result = Result<Value, any Error> { try operation(self) }
        return (inFlight.add(undo: stopRecording(), batch: takeChanges()), result)
    }

    /// Makes the answer of operation `number` and returns it once the operation is durable.
    private func finish<Value: Sendable, Answer: Sendable>(
        _ number: UInt64, _ result: Result<Value, any Error>, answer: @Sendable (Result<Value, any Error>) async throws -> Answer
    ) async throws -> Answer {
        let answered: Answer
        do {
            answered = try await answer(result)
        } catch {
            undo(from: number, because: error)
            throw error
        }
        try await commit(number)
        return answered
    }

    /// Hands operation `number`'s batch to storage in its turn and returns once it is durable.
    private func commit(_ number: UInt64) async throws {
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

import Testing

@testable import ClerkLocalCore

/// Operations reach storage in the order they changed state, however their answers finish, and an
/// undo takes the failed operation and every later one, newest first.
@Suite("Operations in flight")
struct OperationsInFlightTests {
    private func add(_ count: Int, to operations: inout OperationsInFlight) -> [UInt64] {
        (0..<count).map { _ in operations.add(undo: StateUndo(), batch: StateChanges()) }
    }

    /// Enqueues what is ready, numbering batches from `first`; answers the operations' numbers in order.
    private func enqueue(_ operations: inout OperationsInFlight, from first: UInt64) -> [UInt64] {
        var next = first
        return operations.enqueueReady { _ in
            defer { next += 1 }
            return next
        }.map(\.number)
    }

    @Test("an answer ready early waits for the earlier operations; then all go out in order, with their sequences")
    func order() {
        var operations = OperationsInFlight()
        let numbers = add(3, to: &operations)
        operations.markReady(numbers[1])
        operations.markReady(numbers[2])
        #expect(enqueue(&operations, from: 1).isEmpty)
        #expect(operations.stage(of: numbers[2]) == .ready)
        operations.markReady(numbers[0])
        #expect(enqueue(&operations, from: 1) == numbers)
        #expect(numbers.map { operations.stage(of: $0) } == [.enqueued(1), .enqueued(2), .enqueued(3)])
        #expect(enqueue(&operations, from: 4).isEmpty)
    }

    @Test("finishing forgets an operation; the ones still answering keep later ready ones back")
    func finish() {
        var operations = OperationsInFlight()
        let numbers = add(3, to: &operations)
        operations.markReady(numbers[0])
        #expect(enqueue(&operations, from: 1) == [numbers[0]])
        operations.finish(numbers[0])
        #expect(!operations.contains(numbers[0]))
        #expect(operations.stage(of: numbers[0]) == nil)
        operations.markReady(numbers[2])
        #expect(enqueue(&operations, from: 2).isEmpty)
        operations.markReady(numbers[1])
        #expect(enqueue(&operations, from: 2) == [numbers[1], numbers[2]])
    }

    @Test("removing from an operation takes it and every later one, newest first, and skips them afterwards")
    func removeFrom() {
        var operations = OperationsInFlight()
        let numbers = add(4, to: &operations)
        #expect(operations.removeFrom(numbers[1]).map(\.number) == [numbers[3], numbers[2], numbers[1]])
        #expect(operations.contains(numbers[0]))
        #expect(!operations.contains(numbers[1]) && !operations.contains(numbers[3]))
        #expect(operations.removeFrom(numbers[2]).isEmpty)
        let later = add(1, to: &operations)
        operations.markReady(later[0])
        operations.markReady(numbers[0])
        #expect(enqueue(&operations, from: 1) == [numbers[0], later[0]])
    }
}

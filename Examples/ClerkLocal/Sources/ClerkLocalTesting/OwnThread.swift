import Foundation

/// Blocking work (waiting for a process, polling its output) on a thread of its own, so that it holds
/// no thread of the cooperative pool the other tests run on.
public enum OwnThread {
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}

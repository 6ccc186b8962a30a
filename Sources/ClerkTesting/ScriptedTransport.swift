import Clerk
import Foundation

#if canImport(Testing)
    import Testing
#endif

/// A transport for tests and previews: answers from a script, in order, and records every
/// request it was asked to send.
///
/// ```swift
/// let transport = ScriptedTransport([
///     .respond(TransportResponse(status: 200, json: signInJSON)),
///     .fail(TransportError(.timedOut)),
/// ])
/// ```
/// A request the script has no step left for is a test failure: under Swift Testing it records an
/// issue naming the request (and the request then fails with a `TransportError` of kind `.other`).
/// Script a `.fail` step for a request that should fail.
public final class ScriptedTransport: HTTPTransport {
    /// One scripted step.
    public enum Step: Sendable {
        /// Answer with this response.
        case respond(TransportResponse)
        /// Throw this transport failure.
        case fail(TransportError)
        /// Throw `CancellationError`, as a transport does when its task is cancelled.
        case cancel
        /// Never answer: the request ends only when its task is cancelled (a silent server).
        case hang
        /// Decide from the request (e.g. to check it, or to answer from its content).
        case handle(@Sendable (TransportRequest) throws -> TransportResponse)
    }

    private struct Script {
        var steps: [Step]
        var sent: [TransportRequest] = []
    }

    private let script: Protected<Script>

    /// A transport that plays `steps` in order.
    public init(_ steps: [Step] = []) {
        self.script = Protected(Script(steps: steps))
    }

    /// Appends steps to the script.
    public func enqueue(_ more: Step...) {
        script.withValue { $0.steps.append(contentsOf: more) }
    }

    /// Every request sent so far, in order.
    public var requests: [TransportRequest] { script.withValue { $0.sent } }

    /// How many steps are left unplayed.
    public var remainingSteps: Int { script.withValue { $0.steps.count } }

    /// Sends the request.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let step: Step? = script.withValue { script in
            script.sent.append(request)
            return script.steps.isEmpty ? nil : script.steps.removeFirst()
        }
        switch step {
        case .respond(let response): return response
        case .fail(let error): throw error
        case .cancel: throw CancellationError()
        case .hang:
            while true { try await Task.sleep(for: .seconds(3600)) }
        case .handle(let handler): return try handler(request)
        case nil:
            #if canImport(Testing)
                Issue.record("the scripted transport has no step left for \(request.method.rawValue) \(request.path)")
            #endif
            throw TransportError(.other, detail: "the scripted transport has no answer left")
        }
    }
}

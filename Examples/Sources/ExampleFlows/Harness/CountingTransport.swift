import Clerk
import Foundation
import NIOConcurrencyHelpers

/// Counts the requests a flow makes, across all its devices.
public final class RequestCounter: Sendable {
    private let count = NIOLockedValueBox(0)

    public init() {}

    /// Requests sent so far.
    public var total: Int { count.withLockedValue { $0 } }

    func increment() {
        count.withLockedValue { $0 += 1 }
    }
}

/// An `HTTPTransport` that sends through another one (the SDK's `URLSessionTransport` by default),
/// counts each request and writes it with its status to the transcript. It sees only what any
/// transport sees; it shows paths and statuses, never headers or bodies.
public struct CountingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let counter: RequestCounter
    private let transcript: Transcript
    private let device: String

    public init(base: any HTTPTransport = URLSessionTransport(), counter: RequestCounter, transcript: Transcript, device: String) {
        self.base = base
        self.counter = counter
        self.transcript = transcript
        self.device = device
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        counter.increment()
        let line = "[\(device)] \(request.method.rawValue) \(request.path)"
        do {
            let response = try await base.send(request)
            var text = "\(line) → \(response.status)"
            if let code = Self.firstErrorCode(response) { text += " \(code)" }
            transcript.write(.request, text)
            return response
        } catch {
            transcript.write(.request, "\(line) → no answer (\(error))")
            throw error
        }
    }

    /// The first error code of an error answer, for the transcript.
    private static func firstErrorCode(_ response: TransportResponse) -> String? {
        guard response.status >= 400,
            let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
            let errors = object["errors"] as? [[String: Any]],
            let code = errors.first?["code"] as? String
        else { return nil }
        return code
    }
}

import ClerkLocalServer
import Foundation

extension RunningServer {
    /// The code of the latest message to `destination`, waiting up to `timeout` for one to arrive
    /// (a message is in the outbox before the request that sent it is answered, so a test that
    /// reads after the SDK returned needs no wait; one that reads meanwhile does). The default is
    /// generous so that a test on a loaded machine does not fail for want of a core: it returns as soon
    /// as the code is there.
    public func code(sentTo destination: String, within timeout: Duration = .seconds(300)) async throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let code = latestCode(to: destination) { return code }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

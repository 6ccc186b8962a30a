import Foundation

extension Process {
    private static let launchLock = NSLock()

    /// Starts the process with no other test-side launch under way at the same time.
    ///
    /// Under load, two `Process.run()` calls racing in one test process crashed swift-corelibs-foundation
    /// (a segmentation fault inside `run()` while it copied the arguments and environment for the child), so
    /// every test helper that starts a process goes through this one lock. Only the launch is serialized: the
    /// processes themselves run, and are waited for, concurrently.
    public func launchSerialized() throws {
        Self.launchLock.lock()
        defer { Self.launchLock.unlock() }
        try run()
    }
}

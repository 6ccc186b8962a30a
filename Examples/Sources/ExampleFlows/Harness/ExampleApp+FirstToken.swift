import Clerk

extension ExampleApp {
    /// What an app does first once signed in: asks the device that signed in last for a session token.
    /// Returns false when nothing was asked: no device ended the flow with a session, or the flow called its
    /// backend itself (it took its tokens, and may have ended sessions behind a device's back). The token a
    /// completed flow's answer carried should already be cached, so this normally sends no request.
    func takeFirstSessionToken() async throws -> Bool {
        guard backendBox.withLockedValue({ $0 }) == nil else { return false }
        for device in createdDevices.withLockedValue({ $0 }).reversed() {
            guard await device.activeSession != nil else { continue }
            _ = try await device.sessionToken()
            return true
        }
        return false
    }
}

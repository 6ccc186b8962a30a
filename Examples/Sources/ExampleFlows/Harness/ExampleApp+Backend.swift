import Clerk
import ExampleBackend
import Foundation

/// The last step of every flow: the app calls its own backend with a session token, and the
/// backend (`ExampleBackend`, verifying with the Frontend API's JWKS) answers whose it is.
extension ExampleApp {
    /// Calls the protected API (`GET /api/me`) with `device`'s session token and checks that it
    /// answers the user of the device's active session.
    @discardableResult
    public func callBackend(from device: ClerkClient) async throws -> VerifiedSession {
        let token = try await device.sessionToken()
        let expected = await device.activeSession?.user?.id
        let answer = try await backend().me(token: token.jwt)
        switch answer {
        case .signedIn(let verified):
            transcript.write(.request, "[backend] GET /api/me → 200 \(verified.userID) (session \(verified.sessionID))")
            try check(verified.userID == expected, "the backend verified the session token and answered the user id")
            return verified
        case .refused(let status, let reason):
            transcript.write(.request, "[backend] GET /api/me → \(status) \(reason)")
            throw ExampleFailure("the backend refused the session token: \(reason)")
        }
    }

    /// Calls the backend from the newest device that has an active session. A flow ends here,
    /// unless it called its backend itself (and may have signed out since, on purpose).
    func endWithBackendCall() async throws {
        if backendBox.withLockedValue({ $0 }) != nil {
            note("the flow called its backend itself")
            return
        }
        for device in createdDevices.withLockedValue({ $0 }).reversed() {
            guard let session = await device.activeSession else { continue }
            phase("The app calls its backend with a session token")
            if session.status == .pending {
                try await callBackendWithPendingSession(from: device)
            } else {
                try await callBackend(from: device)
            }
            return
        }
        try check(false, "a device is signed in at the end of the flow, to call the backend")
    }

    /// A session with tasks left is not signed in for a backend (as Clerk's backend SDKs treat it).
    private func callBackendWithPendingSession(from device: ClerkClient) async throws {
        let token = try await device.sessionToken()
        let answer = try await backend().me(token: token.jwt)
        if case .refused(let status, let reason) = answer {
            transcript.write(.request, "[backend] GET /api/me → \(status) \(reason)")
        }
        try check(answer == .refused(status: 401, reason: "session_pending"), "the backend refuses the pending session until its tasks are done")
    }

    /// The backend's client, starting the backend on first use.
    func backend() async throws -> BackendClient {
        if let running = backendBox.withLockedValue({ $0 }) { return BackendClient(baseURL: running.baseURL) }
        // The embedded server's clock (tests and the lifecycle flow move it); the machine's otherwise.
        let running = try await RunningBackend.start(frontendAPI: configuration.frontendAPIURL, now: server?.now ?? Date.init)
        backendBox.withLockedValue { $0 = running }
        note("backend at \(running.baseURL.absoluteString), verifying tokens with \(configuration.frontendAPIURL.absoluteString)/.well-known/jwks.json")
        return BackendClient(baseURL: running.baseURL)
    }

    func stopBackend() async {
        guard let running = backendBox.withLockedValue({ $0 }) else { return }
        backendBox.withLockedValue { $0 = nil }
        await running.shutdown()
    }
}

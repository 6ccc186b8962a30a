import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The instance's Backend API, for what a flow does as the app's backend would (flagging a password
/// compromised, revoking a session) when it runs against a separately started instance. Against
/// clerk-local it is `/bapi/v1` on the Frontend API's own port; against Clerk, `https://api.clerk.com/v1`.
public struct BackendAPIAccess: Sendable {
    public let url: URL
    let secretKey: String

    /// The Backend API at `url`, or the one that goes with `frontendAPI` when nil.
    public init(secretKey: String, url: URL? = nil, frontendAPI: URL) {
        self.secretKey = secretKey
        if let url {
            self.url = url
        } else if ["127.0.0.1", "localhost", "::1"].contains(frontendAPI.host ?? "") {
            self.url = frontendAPI.appendingPathComponent("bapi/v1")
        } else {
            self.url = URL(string: "https://api.clerk.com/v1")!
        }
    }

    /// `POST /sessions/{id}/revoke`.
    func revokeSession(_ sessionID: String) async throws {
        try await post("sessions/\(sessionID)/revoke")
    }

    /// `POST /users/{id}/password/set_compromised`: the user's next session has the reset-password task.
    func setPasswordCompromised(userID: String) async throws {
        try await post("users/\(userID)/password/set_compromised")
    }

    private func post(_ path: String) async throws {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("Bearer \(secretKey)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("{}".utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw ExampleFailure("Backend API POST /\(path) answered \(status): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
    }
}

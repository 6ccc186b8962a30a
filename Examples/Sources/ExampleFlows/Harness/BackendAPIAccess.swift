import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The instance's Backend API, for what a flow does as the app's backend would (flagging a password
/// compromised, revoking a session, minting a sign-in token, inviting someone) when it runs against a separately started instance. Against
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

    /// `GET /users?email_address=…`: the id of the user with that address.
    func userID(emailAddress: String) async throws -> String {
        var components = URLComponents(url: url.appendingPathComponent("users"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "email_address", value: emailAddress)]
        guard let query = components?.url else { throw ExampleFailure("cannot build the Backend API's users query") }
        let data = try await send("GET", query, body: nil)
        guard let users = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]], let id = users.first?["id"] as? String else {
            throw ExampleFailure("the Backend API knows no user with the address \(emailAddress)")
        }
        return id
    }

    /// `POST /sign_in_tokens`: a sign-in token for the user; its secret, which the Backend API answers once.
    func createSignInToken(userID: String) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["user_id": userID])
        let data = try await send("POST", url.appendingPathComponent("sign_in_tokens"), body: body)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let token = object["token"] as? String else {
            throw ExampleFailure("the Backend API's sign-in token carried no token")
        }
        return token
    }

    private func post(_ path: String) async throws {
        _ = try await send("POST", url.appendingPathComponent(path), body: Data("{}".utf8))
    }

    /// One Backend API call with the secret key; its body, or a failure naming the status.
    func send(_ method: String, _ target: URL, body: Data?) async throws -> Data {
        var request = URLRequest(url: target)
        request.httpMethod = method
        request.setValue("Bearer \(secretKey)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw ExampleFailure("Backend API \(method) \(target.path) answered \(status): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return data
    }
}

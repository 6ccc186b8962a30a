import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How an app calls the protected API: `GET /api/me` with the session token as a Bearer token.
public struct BackendClient: Sendable {
    public let baseURL: URL

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// The backend's answer: who it says the token belongs to, or why it refused it.
    public enum Answer: Sendable, Hashable {
        case signedIn(VerifiedSession)
        case refused(status: Int, reason: String)
    }

    public func me(token jwt: String) async throws -> Answer {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/me"))
        request.setValue("Bearer " + jwt, forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        if status == 200 {
            return .signedIn(try decoder.decode(VerifiedSession.self, from: data))
        }
        let reason = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["error"] as? String
        return .refused(status: status, reason: reason ?? "unknown")
    }
}

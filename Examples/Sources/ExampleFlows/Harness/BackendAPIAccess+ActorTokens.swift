import Foundation

extension BackendAPIAccess {
    /// `POST /actor_tokens`: a token to act as `userID` on behalf of `actorID`; its secret, which the
    /// Backend API answers once.
    func createActorToken(userID: String, actorID: String, sessionMaxDurationSeconds: Int) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: [
            "user_id": userID, "actor": ["sub": actorID], "session_max_duration_in_seconds": sessionMaxDurationSeconds,
        ])
        let data = try await send("POST", url.appendingPathComponent("actor_tokens"), body: body)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let token = object["token"] as? String else {
            throw ExampleFailure("the Backend API's actor token carried no token")
        }
        return token
    }
}

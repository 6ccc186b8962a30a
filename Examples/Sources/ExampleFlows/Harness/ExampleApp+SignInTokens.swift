import Foundation

extension ExampleApp {
    /// What the app's backend does to sign someone in without a password: finds the user by their
    /// email address and mints a sign-in token through the Backend API (the embedded server's own, or
    /// the separately started instance's with `--secret-key`).
    public func mintSignInToken(for emailAddress: String) async throws -> String {
        let access =
            if let server {
                BackendAPIAccess(secretKey: server.secretKey, url: server.backendAPIURL, frontendAPI: server.baseURL)
            } else if let backendAPI {
                backendAPI
            } else {
                throw FlowRefusal(need: .secretKey(purpose: "mint a sign-in token, as a backend does"))
            }
        let userID = try await access.userID(emailAddress: emailAddress)
        transcript.write(.note, "the app's backend mints a sign-in token for \(userID) (Backend API, not counted)")
        return try await access.createSignInToken(userID: userID)
    }
}

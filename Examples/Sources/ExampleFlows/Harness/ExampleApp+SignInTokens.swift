import Foundation

extension ExampleApp {
    /// What the app's backend does to sign someone in without a password: finds the user by their
    /// email address and mints a sign-in token through the Backend API (the embedded server's own, or
    /// the separately started instance's with `--secret-key`).
    public func mintSignInToken(for emailAddress: String) async throws -> String {
        let access = try backendAccess(purpose: "mint a sign-in token, as a backend does")
        let userID = try await access.userID(emailAddress: emailAddress)
        transcript.write(.note, "the app's backend mints a sign-in token for \(userID) (Backend API, not counted)")
        return try await access.createSignInToken(userID: userID)
    }

    /// The Backend API: the embedded server's own, or the separately started instance's when its
    /// secret key was given; otherwise the flow cannot go on (`purpose` says what it needed it for).
    func backendAccess(purpose: String) throws -> BackendAPIAccess {
        if let server {
            return BackendAPIAccess(secretKey: server.secretKey, url: server.backendAPIURL, frontendAPI: server.baseURL)
        }
        guard let backendAPI else { throw FlowRefusal(need: .secretKey(purpose: purpose)) }
        return backendAPI
    }
}

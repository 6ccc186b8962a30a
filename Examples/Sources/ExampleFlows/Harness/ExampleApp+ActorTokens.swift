extension ExampleApp {
    /// What the app's backend does when someone in support asks to act as a customer: finds both
    /// users by their email addresses and mints an actor token through the Backend API. Returns the
    /// token and the actor's user id.
    public func mintActorToken(
        for emailAddress: String, actorEmailAddress: String, sessionMaxDurationSeconds: Int
    ) async throws -> (token: String, actorID: String) {
        let access = try backendAccess(purpose: "mint an actor token, as a backend does")
        let userID = try await access.userID(emailAddress: emailAddress)
        let actorID = try await access.userID(emailAddress: actorEmailAddress)
        transcript.write(.note, "the app's backend mints an actor token: \(actorID) acts as \(userID) (Backend API, not counted)")
        let token = try await access.createActorToken(userID: userID, actorID: actorID, sessionMaxDurationSeconds: sessionMaxDurationSeconds)
        return (token, actorID)
    }
}

/// Seeding and resetting, shared by the admin HTTP API and the Swift API.
struct LocalAdmin: Sendable {
    let core: ServerCore

    /// For the HTTP API: a refusal is a Frontend API error.
    func seed(_ seed: SeedUser) async throws(FrontendError) -> SeededUser {
        let newUser = try seed.newUser()
        do {
            return SeededUser(try await core.userCreation.create(newUser, password: seed.password, checks: .storableOnly), seed: seed)
        } catch {
            throw FrontendError(error)
        }
    }

    /// For the Swift API: a refusal is a `LocalServerError`.
    func seedUser(_ seed: SeedUser) async throws(LocalServerError) -> SeededUser {
        do {
            return try await self.seed(seed)
        } catch {
            throw LocalServerError(error)
        }
    }

    /// Revokes a session (the admin API's `POST /__local/admin/sessions/{id}/revoke`).
    func revokeSession(_ id: String) async throws(FrontendError) -> AdminSession {
        try await core.store.revokeSession(id: id)
    }

    /// Flags a user's password as compromised (`reset-password` on their next session).
    func flagPasswordCompromised(userID: String) async throws(LocalServerError) {
        do {
            try await core.store.flagPasswordCompromised(userID: userID)
        } catch {
            throw LocalServerError(error)
        }
    }

    /// Every user with their secrets, for moving them to another instance.
    func exportUsers() async -> UserExportDocument {
        await core.store.exportUsers()
    }

    /// Adds the document's users, or refuses it whole; answers how many were added.
    func importUsers(_ document: UserExportDocument) async throws(UserImportError) -> Int {
        try await core.store.importUsers(document)
    }

    func reset() async {
        await core.store.reset()
    }
}

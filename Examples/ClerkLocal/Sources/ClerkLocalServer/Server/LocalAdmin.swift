import ClerkLocalCore

/// Seeding and resetting, shared by the admin HTTP API and the Swift API. Each change is answered
/// once it is durable (`FrontendStore.perform`).
package struct LocalAdmin: Sendable {
    package let core: ServerCore

    /// For the HTTP API: a refusal is a Frontend API error; a storage failure is thrown as it came.
    package func seed(_ seed: SeedUser) async throws -> SeededUser {
        let newUser = try seed.newUser()
        do {
            return SeededUser(try await core.userCreation.create(newUser, password: seed.password, checks: .storableOnly), seed: seed)
        } catch let refusal as NewUserRefusal {
            throw FrontendError(refusal)
        }
    }

    /// For the Swift API: a refusal is a `LocalServerError`.
    package func seedUser(_ seed: SeedUser) async throws -> SeededUser {
        do {
            return try await self.seed(seed)
        } catch let error as FrontendError {
            throw LocalServerError(error)
        }
    }

    /// Revokes a session (the admin API's `POST /__local/admin/sessions/{id}/revoke`).
    package func revokeSession(_ id: String) async throws -> AdminSession {
        try await core.store.perform(SessionRules.self) { try $0.revokeSession(id: id) }
    }

    /// Flags a user's password as compromised (`reset-password` on their next session).
    package func flagPasswordCompromised(userID: String) async throws {
        do {
            try await core.store.perform(UserAdministration.self) { try $0.flagPasswordCompromised(userID: userID) }
        } catch let error as FrontendError {
            throw LocalServerError(error)
        }
    }

    /// Every user with their secrets, for moving them to another instance.
    package func exportUsers() async -> UserExportDocument {
        await core.store.read(UserAdministration.self) { $0.exportUsers() }
    }

    /// Adds the document's users, or refuses it whole; answers how many were added.
    package func importUsers(_ document: UserExportDocument) async throws -> Int {
        try await core.store.perform(UserAdministration.self) { try $0.importUsers(document) }
    }

    package func reset() async throws {
        try await core.store.perform { $0.reset() }
    }
}

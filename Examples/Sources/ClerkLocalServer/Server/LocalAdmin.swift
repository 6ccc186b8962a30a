/// Seeding and resetting, shared by the admin HTTP API and the Swift API.
struct LocalAdmin: Sendable {
    let core: ServerCore

    func seed(_ seed: SeedUser) async throws(FrontendError) -> SeededUser {
        let hash = await seed.password.asyncMap { await core.hasher.hash($0) }
        return try await core.store.seed(seed, passwordHash: hash)
    }

    func reset() async {
        await core.store.reset()
    }
}

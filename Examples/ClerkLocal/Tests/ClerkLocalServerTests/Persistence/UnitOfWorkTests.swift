import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// State changes only inside an operation (`FrontendStore.perform`): a refusal commits what it counted
/// and nothing else, a read outside an operation changes nothing (the sweep of abandoned records runs in
/// operations), and a rate-limit count is kept only when its operation is.
@Suite("The unit of work: refusals and reads leave the stored state as it was; counts are kept only when committed")
struct UnitOfWorkTests {
    struct SigningFailed: Error {}

    /// A store on SQLite storage in memory with a clock the test moves, a user, a client and a sign-in in progress.
    private func signingIn(_ settings: InstanceSettings = SettingsPreset.emailCode.settings) async throws -> (
        FrontendStore, SQLiteStorage, LockedValue<Date>, RequestMeta, signInID: String
    ) {
        let storage = try await SQLiteStorage.inMemory()
        let clock = LockedValue(Date())
        let store = FrontendStore(settings: settings, now: { clock.withLockedValue { $0 } }, outbox: Outbox(printsToConsole: false), storage: storage)
        let email = "uow-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await UserCreation(store: store, hasher: PasswordHasher())
            .create(NewUser(emailAddresses: [NewUser.Email(address: email)]), password: nil, checks: .storableOnly)
        let snapshot = try await store.perform(SessionRules.self) { try $0.createClient(RequestMeta(remoteAddress: "127.0.0.1")) }
        let meta = RequestMeta(token: snapshot.client.token, remoteAddress: "127.0.0.1")
        let started = try await store.perform(SignInRules.self) { try $0.createSignIn(meta, SignInStart(identifier: email, strategy: .emailCode)) }
        return (store, storage, clock, meta, started.resource.id)
    }

    /// Every stored table, encoded with sorted keys: equal bytes, equal stored state (`counts`: with the
    /// rate-limit counts).
    private func stored(_ storage: SQLiteStorage, counts: Bool = false) async throws -> Data {
        let state = try await storage.load()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var bytes = Data()
        bytes += try encoder.encode(state.users.map { [$0.id: $0.record] })
        bytes += try encoder.encode(state.clients.map { [$0.id: $0.record] })
        bytes += try encoder.encode(state.sessions.map { [$0.id: $0.record] })
        bytes += try encoder.encode(state.signIns.map { [$0.id: $0.record] })
        bytes += try encoder.encode(state.signUps.map { [$0.id: $0.record] })
        bytes += try encoder.encode(state.invitations.map { [$0.id: $0.record] })
        bytes += try encoder.encode(state.messages)
        bytes += state.settingsJSON ?? Data()
        if counts {
            bytes += Data(state.rateLimitHits.map { "\($0.id) \($0.key) \($0.at.timeIntervalSince1970) \($0.expiresAt.timeIntervalSince1970)\n" }.joined().utf8)
        }
        return bytes
    }

    @Test("a refused password attempt and reads of the client (as request logging does) leave the stored state byte-for-byte unchanged")
    func refusalAndReadChangeNothingStored() async throws {
        let (store, storage, clock, meta, id) = try await signingIn()
        let before = try await stored(storage)
        let countsBefore = try await storage.load().rateLimitHits.count

        // Refused in its plan (the sign-in offers no password): only the request's rate-limit count is taken.
        await #expect(throws: FrontendError.self) {
            try await store.perform(
                SignInRules.self, plan: { try $0.planFirstFactorPassword(meta, id: id, FirstFactorAttempt(strategy: .password, password: "guess")) },
                outside: { _ in PasswordCheck(matched: false) }, complete: { try $0.completeFirstFactorPassword(meta, id: id, plan: $1, check: $2) })
        }
        #expect(try await stored(storage) == before)
        #expect(try await storage.load().rateLimitHits.count > countsBefore, "the refusal's counts are committed with it")

        // A day later the sign-in is abandoned; reading its client must not sweep it away, and the next
        // operation that looks up no client must not commit a sweep it did not run.
        clock.withLockedValue { $0 += 25 * 3600 }
        #expect(await store.client(forToken: meta.token) != nil)
        _ = await store.read(SessionRules.self) { $0.listSessions() }
        _ = try await store.perform(UserAdministration.self) { $0.listUsers() }
        #expect(try await stored(storage) == before)
        #expect(await store.state.signIns[id] != nil, "a read swept the abandoned sign-in")
    }

    @Test("a two-phase operation refused in its plan commits what the plan changed: the sweep it ran is stored")
    func refusedPlanCommitsItsSweep() async throws {
        let (store, storage, clock, meta, id) = try await signingIn()
        #expect(try await storage.load().signIns.map(\.id) == [id])
        clock.withLockedValue { $0 += 25 * 3600 }
        let worked = LockedValue(false)
        // The plan looks up its client, which sweeps the abandoned sign-in; the sign-in is then not found.
        await #expect(throws: FrontendError.self) {
            try await store.perform(
                SignInRules.self, plan: { try $0.planFirstFactorPassword(meta, id: id, FirstFactorAttempt(strategy: .password, password: "guess")) },
                outside: { _ in
                    worked.withLockedValue { $0 = true }
                    return PasswordCheck(matched: false)
                }, complete: { try $0.completeFirstFactorPassword(meta, id: id, plan: $1, check: $2) })
        }
        #expect(!worked.withLockedValue { $0 }, "the work ran after a refused plan")
        #expect(try await storage.load().signIns.isEmpty, "the plan's sweep was not committed with its refusal")
    }

    @Test("a rate-limit count is kept only if its operation is committed: an undone operation's count is taken back")
    func rateLimitCountNeedsCommit() async throws {
        var settings = SettingsPreset.emailCode.settings
        settings.rateLimits.perClient = RateLimit(requests: 3, windowSeconds: 600)
        let (store, _, _, meta, _) = try await signingIn(settings)
        let client = try #require(await store.client(forToken: meta.token))
        // Counted, then undone because their answers cannot be made: the counts go with them.
        for _ in 0..<3 {
            await #expect(throws: SigningFailed.self) {
                try await store.perform(SessionRules.self, { try $0.removeClientSessions(meta) }, answer: { _ -> Int in throw SigningFailed() })
            }
        }
        // With the sign-in's request, two committed requests fit the limit; the third is refused.
        _ = try await store.perform(SessionRules.self) { try $0.removeClientSessions(meta) }
        _ = try await store.perform(SessionRules.self) { try $0.removeClientSessions(meta) }
        await #expect(throws: FrontendError.self) { try await store.perform(SessionRules.self) { try $0.removeClientSessions(meta) } }
        #expect(await store.client(forToken: meta.token)?.id == client.id)
    }

    @Test("an undone operation's rate-limit count is not stored: the stored state, counts included, is byte-for-byte as before; a committed one is stored")
    func undoneCountIsNotStored() async throws {
        let (store, storage, _, meta, _) = try await signingIn()
        let before = try await stored(storage, counts: true)
        let countsBefore = try await storage.load().rateLimitHits
        for _ in 0..<3 {
            await #expect(throws: SigningFailed.self) {
                try await store.perform(SessionRules.self, { try $0.removeClientSessions(meta) }, answer: { _ -> Int in throw SigningFailed() })
            }
        }
        #expect(try await stored(storage, counts: true) == before)

        _ = try await store.perform(SessionRules.self) { try $0.removeClientSessions(meta) }
        let counts = try await storage.load().rateLimitHits
        #expect(counts.count == countsBefore.count + 1)
        #expect(counts.last?.key.hasPrefix("client:") == true)
    }

    @Test("a count whose batch was handed to storage and then undone is deleted with the next batch")
    func withdrawnCountIsDeleted() async throws {
        let storage = try await SQLiteStorage.inMemory()
        var limiter = RateLimiter(tracksChanges: true)
        let now = Date()
        limiter.startRecording()
        #expect(limiter.admit("client:a", limit: RateLimit(requests: 1, windowSeconds: 60), now: now) == nil)
        let keys = limiter.stopRecording()
        var written = StateChanges()
        written.rateLimits = limiter.takeChanges()
        try await storage.waitUntilDurable(storage.enqueue(written))
        #expect(try await storage.load().rateLimitHits.map(\.key) == ["client:a"])

        limiter.undo(keys)
        limiter.withdraw(written.rateLimits)
        var next = StateChanges()
        next.rateLimits = limiter.takeChanges()
        try await storage.waitUntilDurable(storage.enqueue(next))
        #expect(try await storage.load().rateLimitHits.isEmpty)
        #expect(limiter.admit("client:a", limit: RateLimit(requests: 1, windowSeconds: 60), now: now) == nil, "the undone count is not counted")
    }
}

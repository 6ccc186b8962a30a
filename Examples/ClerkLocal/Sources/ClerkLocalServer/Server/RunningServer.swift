import ClerkLocalCore
import Foundation
import ServiceLifecycle

/// A running local server: its address, its outbox, seeding, and shutdown.
public final class RunningServer: Sendable {
    package let core: ServerCore
    private let group: ServiceGroup
    private let run: Task<Void, any Error>

    /// The port it listens on.
    public let port: Int

    package init(core: ServerCore, port: Int, group: ServiceGroup, run: Task<Void, any Error>) {
        self.core = core
        self.port = port
        self.group = group
        self.run = run
    }

    /// The public URL (`http://host:port` unless one was configured): the Frontend API URL to give
    /// the SDK, and the tokens' `iss`.
    public var baseURL: URL { URL(string: core.baseURL)! }

    public var settings: InstanceSettings { core.settings }

    /// The Backend API's base URL (`…/bapi/v1`), which takes `secretKey` as a Bearer token.
    public var backendAPIURL: URL { URL(string: core.baseURL + BackendAPIRoutes.prefix)! }

    /// The `sk_test_…` the Backend API requires: the configured one, or one generated at start.
    public var secretKey: String { core.backendSecretKey }

    /// Where the server reads the time (a backend verifying its tokens in-process reads the same).
    public var now: @Sendable () -> Date { core.now }

    /// A development publishable key naming this server's public URL (`pk_test_` + base64 of
    /// `host[:port]$`), for SDKs configured by publishable key that allow a plain-HTTP Frontend API.
    public var publishableKey: String {
        let host = core.baseURL.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
        let encoded = Data((host + "$").utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        return "pk_test_" + encoded
    }

    /// The signer holding this server's session-token key (benchmarks measure its ceiling with it).
    public var sessionTokenSigner: SessionTokenSigner { core.signer }

    /// The JWKS document that verifies session tokens (also at `/.well-known/jwks.json`).
    public func jwksJSON() throws -> Data {
        try core.signer.jwksDocument()
    }

    public func seedUser(_ seed: SeedUser) async throws -> SeededUser {
        try await core.admin.seedUser(seed)
    }

    /// Messages sent, oldest first; only those to one address or number if given.
    public func outbox(to destination: String? = nil) -> [OutboxMessage] {
        core.outbox.messages(to: destination)
    }

    /// The code of the latest message to an address or number.
    public func latestCode(to destination: String) -> String? {
        core.outbox.latestCode(to: destination)
    }

    /// Revokes a session, as Clerk's dashboard or Backend API does: its client stops listing it
    /// and it mints no more tokens.
    public func revokeSession(_ id: String) async throws -> AdminSession {
        do {
            return try await core.admin.revokeSession(id)
        } catch let error as FrontendError {
            throw LocalServerError(error)
        }
    }

    /// Flags a user's password as compromised: their next session is pending with the
    /// `reset-password` task until they set a new password.
    public func flagPasswordCompromised(userID: String) async throws {
        try await core.admin.flagPasswordCompromised(userID: userID)
    }

    /// Every session with its user, client and status now.
    public func sessions() async -> [AdminSession] {
        await core.store.read(SessionRules.self) { $0.listSessions() }
    }

    /// Every user with their password digests, TOTP secrets and backup code digests, as
    /// `GET /__local/admin/export` answers them; `UserExportDocument.encoded()` gives the file.
    public func exportUsers() async -> UserExportDocument {
        await core.admin.exportUsers()
    }

    /// Adds the users of an export, ids kept, or refuses the whole document and changes nothing
    /// (a user id or identifier this server already has, a malformed value); answers how many were added.
    /// Throws `UserImportError` for a refused document.
    public func importUsers(_ document: UserExportDocument) async throws -> Int {
        try await core.admin.importUsers(document)
    }

    /// Drops all users, clients, sign-ins, sign-ups, sessions and messages.
    public func reset() async {
        try? await core.admin.reset()
    }

    /// Stops accepting requests, finishes those in flight, and returns once the server has stopped.
    public func shutdown() async {
        await group.triggerGracefulShutdown()
        _ = await run.result
        await core.store.storage.close()
    }

    /// Returns when the server stops (by `shutdown()` or a signal); throws if it failed.
    public func waitUntilStopped() async throws {
        let result = await run.result
        await core.store.storage.close()
        try result.get()
    }
}

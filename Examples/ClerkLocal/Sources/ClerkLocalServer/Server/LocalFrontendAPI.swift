import ClerkLocalCore
import ClerkLocalStorage
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The local Frontend API server, run in-process.
///
/// ```swift
/// let server = try await LocalFrontendAPI.start(settings: SettingsPreset.mfa.settings)
/// let user = try await server.seedUser(SeedUser(emailAddress: "jane+clerk_test@example.com", password: "…"))
/// // point the SDK at server.baseURL …
/// await server.shutdown()
/// ```
///
/// Building is split from running: `makeCore` holds the instance's state, `buildRouter` its routes and
/// `buildApplication` the Hummingbird application serving them, which tests drive without a socket.
public enum LocalFrontendAPI {
    /// Starts the server and returns once it is listening.
    ///
    /// - Parameters:
    ///   - settings: the instance's settings. Without them a data directory's server carries on with
    ///     the settings it kept (the last given, or switched on the dashboard), else email-password's;
    ///     given ones replace the kept ones.
    ///   - port: 0 picks a free port.
    ///   - now: where expiry, lockout, rate limits and tokens read the time; tests that move time pass
    ///     `{ clock.now() }` of a `ClerkTesting.ManualClock`.
    ///   - printsOutbox: print every code sent on the console (the command-line server does).
    ///   - handlesSignals: shut down gracefully on SIGINT and SIGTERM (the command-line server does).
    ///   - options: the public URL, the secret key (required off loopback) and the idle timeout.
    ///   - storage: where state lives: in memory (the default) or a data directory that keeps it across runs.
    ///   - users: users to import before listening (`clerk-local --import`); a refused document
    ///     (a user already in the data directory, say) throws its `UserImportError` and nothing listens.
    public static func start(
        settings: InstanceSettings? = nil,
        host: String = "127.0.0.1",
        port: Int = 0,
        now: @escaping @Sendable () -> Date = Date.init,
        printsOutbox: Bool = false,
        handlesSignals: Bool = false,
        logger: Logger? = nil,
        options: ListeningOptions = ListeningOptions(),
        storage: ServerStorage = .memory,
        importing users: UserExportDocument? = nil
    ) async throws -> RunningServer {
        try options.validate(host: host)
        guard (0...65535).contains(port) else {
            throw LocalServerError(code: "port_invalid", message: "port \(port) is not a TCP port: give one from 0 to 65535 (0 picks a free one)")
        }
        let logger = logger ?? defaultLogger
        let opened = try await storage.open()
        let core: ServerCore
        do {
            core = try await makeCore(settings: settings, now: now, printsOutbox: printsOutbox, storage: opened)
        } catch {
            // Unlocks the data directory for the next start.
            await opened.close()
            throw error
        }
        if core.digestsToRehash > 0 { logger.warning("\(rehashNotice(core.digestsToRehash))") }
        if let users {
            do {
                _ = try await core.admin.importUsers(users)
            } catch {
                await core.store.storage.close()
                throw error
            }
        }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = buildApplication(
            core: core, host: host, port: port, idleTimeout: options.idleTimeout, requestDeadline: options.requestDeadline, logger: logger,
            requestLogger: options.logsRequests ? logger : nil
        ) { channel in
            portContinuation.yield(channel.localAddress?.port ?? port)
            portContinuation.finish()
        }
        let signals: [UnixSignal] = handlesSignals ? [.sigint, .sigterm] : []
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: signals, logger: logger))
        let run = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let boundPort = await iterator.next() else {
            // The server stopped before listening: its error (e.g. the port is taken) says why.
            do {
                try await run.value
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                await core.store.storage.close()
                throw LocalServerError(code: "port_in_use", message: Self.portInUse(host: host, port: port))
            }
            throw LocalServerError(code: "server_not_started", message: "the server stopped before it was listening")
        }
        core.baseURL = options.baseURL(host: host, port: boundPort)
        core.access = LocalAccess(publicURL: core.access.publicURL, port: boundPort, secretKey: options.secretKey)
        if let secretKey = options.secretKey { core.backendSecretKey = secretKey }
        return RunningServer(core: core, port: boundPort, group: group, run: run)
    }

    /// What to do when another process holds the port.
    package static func portInUse(host: String, port: Int) -> String {
        "port \(port) on \(host) is in use by another process (see which with `lsof -i :\(port)` or `ss -ltnp 'sport = :\(port)'`): "
            + "stop it, give another --port, or --port 0 to take a free one"
    }

    package static func rehashNotice(_ users: Int) -> String {
        "\(users) user\(users == 1 ? " has a password digest" : "s have password digests") of another bcrypt cost than the "
            + "instance's \(PasswordHasher.cost): each is hashed again at \(PasswordHasher.cost) on its next successful sign-in"
    }

    /// The users kept in a data directory, read without starting a server (`clerk-local export
    /// --data-dir`); refused while a server uses the directory.
    public static func exportUsers(dataDirectory: URL) async throws -> UserExportDocument {
        guard FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent(SQLiteStorage.fileName).path) else {
            throw LocalServerError(code: "data_directory_empty", message: "\(dataDirectory.path) holds no clerk-local state")
        }
        let storage = try await ServerStorage.directory(dataDirectory).open()
        let state: StoredState
        do {
            state = try await storage.load()
        } catch {
            await storage.close()
            throw error
        }
        await storage.close()
        let store = FrontendStore(settings: SettingsPreset.emailPassword.settings, now: Date.init, outbox: Outbox(printsToConsole: false))
        await store.restore(state)
        return await store.read(UserAdministration.self) { $0.exportUsers() }
    }

    /// The instance's state (settings, store, outbox, signing key), after checking the settings.
    package static func makeCore(
        settings: InstanceSettings?, now: @escaping @Sendable () -> Date = Date.init, printsOutbox: Bool,
        storage: any StateStorage = MemoryStorage()
    ) async throws -> ServerCore {
        if let settings { try SettingsLoader.validate(settings) }
        return try await ServerCore(settings: settings, now: now, printsOutbox: printsOutbox, storage: storage)
    }

    /// Every route of the server: the Frontend API, the local endpoints and the dashboard, behind the
    /// error envelope, each request kept for the dashboard and logged to `requestLogger` when there is one.
    package static func buildRouter(core: ServerCore, requestLogger: Logger? = nil) -> Router<LocalRequestContext> {
        let router = Router(context: LocalRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: RequestLogMiddleware(core: core, logger: requestLogger))
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: DevBrowserMiddleware(core: core))
        FrontendRoutes(core: core).register(on: router)
        LocalRoutes(core: core, admin: core.admin).register(on: router)
        OAuthCallbackRoutes(core: core).register(on: router)
        BuiltInOAuthProviderRoutes(core: core).register(on: router)
        DashboardRoutes(core: core).register(on: router)
        BackendAPIRoutes(core: core).register(on: router)
        return router
    }

    /// The Hummingbird application serving `buildRouter(core:)`, not yet running.
    package static func buildApplication(
        core: ServerCore,
        host: String = "127.0.0.1",
        port: Int = 0,
        idleTimeout: Duration? = nil,
        requestDeadline: Duration? = nil,
        logger: Logger = defaultLogger,
        requestLogger: Logger? = nil,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> Application<RouterResponder<LocalRequestContext>> {
        Application(
            router: buildRouter(core: core, requestLogger: requestLogger),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: requestDeadline.map { [RequestDeadlineHandler(deadline: $0)] } ?? [],
                    idleTimeout: idleTimeout.map { TimeAmount($0) })),
            // A backlog of 1,024 pending connections (Hummingbird's default is 256): a test suite or a load
            // test opening many connections at once is queued rather than reset.
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "clerk-local", backlog: 1024),
            onServerRunning: onServerRunning,
            logger: logger)
    }

    package static var defaultLogger: Logger {
        var logger = Logger(label: "clerk-local")
        logger.logLevel = .warning
        return logger
    }
}

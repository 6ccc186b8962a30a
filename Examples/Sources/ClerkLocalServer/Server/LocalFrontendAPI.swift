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
public enum LocalFrontendAPI {
    /// Starts the server and returns once it is listening.
    ///
    /// - Parameters:
    ///   - port: 0 picks a free port.
    ///   - clock: where expiry, lockout and rate limits read the time; tests pass a `ManualClock`.
    ///   - printsOutbox: print every code sent on the console (the command-line server does).
    ///   - handlesSignals: shut down gracefully on SIGINT and SIGTERM (the command-line server does).
    public static func start(
        settings: InstanceSettings = SettingsPreset.emailPassword.settings,
        host: String = "127.0.0.1",
        port: Int = 0,
        clock: any ServerClock = SystemClock(),
        printsOutbox: Bool = false,
        handlesSignals: Bool = false,
        logger: Logger? = nil
    ) async throws -> RunningServer {
        try SettingsLoader.validate(settings)
        let logger = logger ?? {
            var logger = Logger(label: "clerk-local")
            logger.logLevel = .warning
            return logger
        }()
        let core = try await ServerCore(settings: settings, clock: clock, printsOutbox: printsOutbox)
        let admin = LocalAdmin(core: core)

        let router = Router(context: LocalRequestContext.self)
        router.add(middleware: ErrorEnvelopeMiddleware())
        FrontendRoutes(core: core).register(on: router)
        LocalRoutes(core: core, admin: admin).register(on: router)

        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            // A backlog of 1,024 pending connections (Hummingbird's default is 256): a test suite or a load
            // test opening many connections at once is queued rather than reset.
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "clerk-local", backlog: 1024),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? port)
                portContinuation.finish()
            },
            logger: logger)
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
            try await run.value
            throw LocalServerError(code: "server_not_started", message: "the server stopped before it was listening")
        }
        let urlHost = host.contains(":") ? "[\(host)]" : host
        core.baseURL = "http://\(urlHost):\(boundPort)"
        return RunningServer(core: core, admin: admin, port: boundPort, group: group, run: run)
    }
}

/// A running local server: its address, its outbox, seeding, and shutdown.
public final class RunningServer: Sendable {
    private let core: ServerCore
    private let admin: LocalAdmin
    private let group: ServiceGroup
    private let run: Task<Void, any Error>

    /// The port it listens on.
    public let port: Int

    init(core: ServerCore, admin: LocalAdmin, port: Int, group: ServiceGroup, run: Task<Void, any Error>) {
        self.core = core
        self.admin = admin
        self.port = port
        self.group = group
        self.run = run
    }

    /// `http://host:port`: the Frontend API URL to give the SDK, and the tokens' `iss`.
    public var baseURL: URL { URL(string: core.baseURL)! }

    public var settings: InstanceSettings { core.settings }

    /// A development publishable key naming this server (`pk_test_` + base64 of `host:port$`), for
    /// SDKs configured by publishable key that allow a plain-HTTP Frontend API.
    public var publishableKey: String {
        let host = core.baseURL.replacingOccurrences(of: "http://", with: "")
        let encoded = Data((host + "$").utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        return "pk_test_" + encoded
    }

    /// The JWKS document that verifies session tokens (also at `/.well-known/jwks.json`).
    public func jwksJSON() throws -> Data {
        try core.signer.jwksDocument()
    }

    public func seedUser(_ seed: SeedUser) async throws -> SeededUser {
        do {
            return try await admin.seed(seed)
        } catch {
            throw LocalServerError(error)
        }
    }

    /// Messages sent, oldest first; only those to one address or number if given.
    public func outbox(to destination: String? = nil) -> [OutboxMessage] {
        core.outbox.messages(to: destination)
    }

    /// The code of the latest message to an address or number.
    public func latestCode(to destination: String) -> String? {
        core.outbox.latestCode(to: destination)
    }

    /// Drops all users, clients, sign-ins, sign-ups, sessions and messages.
    public func reset() async {
        await admin.reset()
    }

    /// Stops accepting requests, finishes those in flight, and returns once the server has stopped.
    public func shutdown() async {
        await group.triggerGracefulShutdown()
        _ = await run.result
    }

    /// Returns when the server stops (by `shutdown()` or a signal); throws if it failed.
    public func waitUntilStopped() async throws {
        try await run.value
    }
}

/// A refusal from the Swift API, with the Clerk error code it would have on the wire.
public struct LocalServerError: Error, CustomStringConvertible, Sendable {
    public var code: String
    public var message: String
    public var paramName: String?

    init(code: String, message: String, paramName: String? = nil) {
        self.code = code
        self.message = message
        self.paramName = paramName
    }

    init(_ error: FrontendError) {
        self.init(code: error.code.rawValue, message: error.longMessage, paramName: error.paramName)
    }

    public var description: String {
        "\(code): \(message)" + (paramName.map { " (\($0))" } ?? "")
    }
}

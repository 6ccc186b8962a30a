import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The protected API listening on loopback, for the example flows and tests.
///
/// ```swift
/// let backend = try await RunningBackend.start(frontendAPI: server.baseURL)
/// // GET backend.baseURL/api/me with Authorization: Bearer <session token>
/// await backend.shutdown()
/// ```
public final class RunningBackend: Sendable {
    public let baseURL: URL
    private let group: ServiceGroup
    private let run: Task<Void, any Error>

    private init(baseURL: URL, group: ServiceGroup, run: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.group = group
        self.run = run
    }

    /// Starts the API for tokens of the Frontend API at `frontendAPI` (its JWKS, its URL as the
    /// issuer); `authorizedParties` defaults to that URL, the `azp` of native clients' tokens.
    /// `now` is the backend's clock (a flow that moves time hands it the same clock as the server).
    public static func start(
        frontendAPI: URL, authorizedParties: [String]? = nil, leeway: TimeInterval = 5, port: Int = 0,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> RunningBackend {
        let verifier = SessionTokenVerifier.forFrontendAPI(frontendAPI, authorizedParties: authorizedParties, leeway: leeway, now: now)
        return try await start(verifier: verifier, port: port)
    }

    public static func start(verifier: SessionTokenVerifier, port: Int = 0) async throws -> RunningBackend {
        var logger = Logger(label: "example-backend")
        logger.logLevel = .warning
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: ProtectedAPI.buildRouter(verifier: verifier),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "example-backend"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? port)
                continuation.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let run = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else {
            try await run.value
            throw HTTPJWKSSource.FetchError(description: "the backend stopped before it was listening")
        }
        return RunningBackend(baseURL: URL(string: "http://127.0.0.1:\(bound)")!, group: group, run: run)
    }

    public func shutdown() async {
        await group.triggerGracefulShutdown()
        _ = await run.result
    }
}

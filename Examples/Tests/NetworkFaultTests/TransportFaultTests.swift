import Clerk
import ClerkEmailCode
import ClerkLocalServer
import ClerkTesting
import Foundation
import Testing

/// What the network does to single requests: hidden re-sends, gateway pages, captive portals,
/// time-outs, bodies cut short and rate limits, through the SDK's real transport on loopback.
@Suite("The SDK's transport under network faults", .serialized, .timeLimit(.minutes(15)))
struct TransportFaultTests {
    static let email = "transport+clerk_test@example.com"

    /// Whether the faulty read travels on a connection the device already used, or on a new one.
    enum Connection: String, CaseIterable, Sendable {
        case fresh, reused

        /// Prepares `device` so that its next request goes out on the connection this case names.
        func prepare(_ device: ClerkClient) async throws {
            if self == .reused { try await device.refresh() }
        }

        func check(_ proxy: FaultProxy, path: String = "/v1/environment", sourceLocation: SourceLocation = #_sourceLocation) {
            guard let first = proxy.requests.first(where: { $0.path == path }) else {
                Issue.record("no \(path) request", sourceLocation: sourceLocation)
                return
            }
            #expect((first.indexOnConnection > 0) == (self == .reused), "\(first)", sourceLocation: sourceLocation)
        }
    }

    /// The requests for `path`.
    static func requests(_ proxy: FaultProxy, _ path: String = "/v1/environment") -> [ProxiedRequest] {
        proxy.requests.filter { $0.path == path }
    }

    /// An email-code sign-in whose attempt's answer is lost after the server applied it.
    static func loseTheAttemptsAnswer(connectionReuse: URLSessionTransport.ConnectionReuse) async throws -> (FaultRig, Result<ActiveSession, any Error>) {
        let rig = try await FaultRig.start(.emailCode) { _, path, occurrence in
            path.hasSuffix("/attempt_first_factor") && occurrence == 1 ? .resetAfterServer : .none
        }
        _ = try await rig.server.seedUser(SeedUser(emailAddress: email))
        // With connections reused, the transport's hidden re-send waits for a body that never comes,
        // until the time-out: a short one there, though not so short that a loaded machine's warm-up
        // read runs out of it (2 s did, with the build of another package on both cores).
        let device = try rig.device(timeout: connectionReuse == .always ? 8 : 30, connectionReuse: connectionReuse)
        _ = try await device.environment()  // a kept-alive connection to the proxy, as an app has
        let driver = FlowDriver(client: device, registry: try FactorRegistry([EmailCodeStrategy()]), answers: KnownAnswers(identifier: email))
        let start = ContinuousClock.now
        let result: Result<ActiveSession, any Error>
        do {
            result = .success(try await driver.signIn())
        } catch {
            result = .failure(error)
        }
        printWire("attempt's answer lost after the server applied it, connection reuse \(connectionReuse)", rig.proxy, saw: "\(result)", since: start)
        return (rig, result)
    }

    #if canImport(FoundationNetworking)
        @Test("why requests that may not repeat get their own connection: on a reused one, libcurl re-sends them by itself, without their body")
        func libcurlResendsOnReusedConnections() async throws {
            let (rig, _) = try await Self.loseTheAttemptsAnswer(connectionReuse: .always)
            let attempts = rig.proxy.requests.filter { $0.path.hasSuffix("/attempt_first_factor") }
            // The SDK sent one attempt; the transport sent a second copy on a new connection, headers only.
            #expect(attempts.count == 2, "\(attempts)")
            #expect(attempts.first?.indexOnConnection ?? 0 > 0)
            #expect(attempts.last.map { $0.receivedLength < $0.declaredLength } == true)
            await rig.stop()
        }
    #endif

    @Test("by default an attempt whose answer is lost is sent once, on its own connection, and the flow finishes from the server's state")
    func attemptSentOnce() async throws {
        let (rig, result) = try await Self.loseTheAttemptsAnswer(connectionReuse: .platformDefault)
        #expect(try result.get().status == .active)
        let attempts = rig.proxy.requests.filter { $0.path.hasSuffix("/attempt_first_factor") }
        #expect(attempts.count == 1)
        #expect(attempts.allSatisfy { $0.indexOnConnection == 0 && $0.reachedServer })
        // Reads after the lost answer: the sign-in, which showed the attempt applied.
        #expect(rig.proxy.requests.last.map(normalized) == "GET /v1/client/sign_ins/{id}")
        await rig.stop()
    }

    @Test("a gateway's 502 page on a read is a server-side failure and is retried", arguments: Connection.allCases)
    func gatewayPageOnRead(connection: Connection) async throws {
        let rig = try await FaultRig.start(.emailCode) { _, path, occurrence in
            path == "/v1/environment" && occurrence <= 2 ? .answerInstead(.badGateway) : .none
        }
        defer { Task { await rig.stop() } }
        let device = try rig.device()
        try await connection.prepare(device)
        let start = ContinuousClock.now
        _ = try await device.environment()
        printWire("502 page twice on a read, \(connection) connection", rig.proxy, saw: "the environment", since: start)
        #expect(Self.requests(rig.proxy).map(\.reachedServer) == [false, false, true])
        connection.check(rig.proxy)
    }

    @Test("a gateway's page after the server applied an attempt is a lost answer, recovered from the server's state")
    func gatewayPageOnAttempt() async throws {
        let rig = try await FaultRig.start(.emailCode) { _, path, _ in
            path.hasSuffix("/attempt_first_factor")
                ? .answerAfterServer(Canned(status: 504, contentType: "text/plain", body: "upstream request timeout")) : .none
        }
        defer { Task { await rig.stop() } }
        _ = try await rig.server.seedUser(SeedUser(emailAddress: Self.email))
        let driver = FlowDriver(client: try rig.device(), registry: try FactorRegistry([EmailCodeStrategy()]), answers: KnownAnswers(identifier: Self.email))
        let start = ContinuousClock.now
        let session = try await driver.signIn()
        printWire("504 page after the server applied an attempt", rig.proxy, saw: "\(session)", since: start)
        #expect(session.status == .active)
        #expect(rig.proxy.writes.filter { $0.path.hasSuffix("/attempt_first_factor") }.count == 1)
    }

    @Test("a captive portal's page says that something between the app and Clerk answered, in one line", arguments: Connection.allCases)
    func captivePortal(connection: Connection) async throws {
        let rig = try await FaultRig.start(.emailCode) { _, path, _ in path == "/v1/environment" ? .answerInstead(.captivePortal) : .none }
        defer { Task { await rig.stop() } }
        let device = try rig.device()
        try await connection.prepare(device)
        let start = ContinuousClock.now
        let error = await #expect(throws: ClerkError.self) { try await device.environment() }
        printWire("captive portal page, \(connection) connection", rig.proxy, saw: error.map(String.init(describing:)) ?? "-", since: start)
        connection.check(rig.proxy)
        guard case .undecodableResponse(let answer)? = error else {
            Issue.record("expected an undecodable answer, got \(String(describing: error))")
            return
        }
        #expect(answer.kind == .notFromClerk)
        #expect(answer.description.hasPrefix("an answer not from Clerk (HTTP 200, text/html; charset=utf-8, "))
        #expect(answer.description.contains("captive portal"))
        #expect(Self.requests(rig.proxy).count == 1)
    }

    @Test("the request time-out applies on every platform: a silent server ends the request as timed out", arguments: Connection.allCases)
    func timeoutApplies(connection: Connection) async throws {
        // Before the fix, Linux waited out the 8 s delay (its 60 s default ruled) and the read succeeded.
        let rig = try await FaultRig.start(.emailCode) { _, path, _ in path == "/v1/environment" ? .delay(.seconds(8)) : .none }
        defer { Task { await rig.stop() } }
        let device = try rig.device(timeout: 3, retry: .none)
        try await connection.prepare(device)
        let start = ContinuousClock.now
        let error = await #expect(throws: ClerkError.self) { try await device.environment() }
        printWire("a read answered after 8 s, 3 s time-out, \(connection) connection", rig.proxy, saw: error.map(String.init(describing:)) ?? "-", since: start)
        #expect(error == .transport(TransportError(.timedOut, detail: "\(rig.proxy.url) (http)")))
        connection.check(rig.proxy)
    }

    @Test("the call's deadline bounds a read retried against a silent server")
    func deadlineAcrossRetries() async throws {
        let rig = try await FaultRig.start(.emailCode) { _, _, _ in .delay(.seconds(30)) }
        defer { Task { await rig.stop() } }
        let device = try rig.device(timeout: 1, retry: RetryPolicy(maxAttempts: 10, deadline: .milliseconds(2500)))
        let start = ContinuousClock.now
        let error = await #expect(throws: ClerkError.self) { try await device.environment() }
        printWire(
            "a silent server, 1 s time-out, 2.5 s deadline, 10 attempts allowed", rig.proxy, saw: error.map(String.init(describing:)) ?? "-", since: start)
        #expect({ if case .transport(let failure)? = error { failure.kind == .timedOut } else { false } }())
        // Ten attempts of 1 s each would not fit: the deadline stopped the retries.
        #expect((1...3).contains(rig.proxy.requests.count), "\(rig.proxy.requests.count) attempts")
    }

    @Test("a body cut short with the connection closed is a lost connection, so a read is retried", arguments: Connection.allCases)
    func cutShort(connection: Connection) async throws {
        let rig = try await FaultRig.start(.emailCode) { _, path, occurrence in
            path == "/v1/environment" && occurrence == 1 ? .cutShortAfterServer : .none
        }
        defer { Task { await rig.stop() } }
        let device = try rig.device()
        try await connection.prepare(device)
        let start = ContinuousClock.now
        _ = try await device.environment()
        printWire("a read's body cut short once, \(connection) connection", rig.proxy, saw: "the environment", since: start)
        #expect(Self.requests(rig.proxy).count == 2)
        connection.check(rig.proxy)

        let once = try await FaultRig.start(.emailCode) { _, path, _ in path == "/v1/environment" ? .cutShortAfterServer : .none }
        defer { Task { await once.stop() } }
        let single = try once.device(retry: .none)
        try await connection.prepare(single)
        let error = await #expect(throws: ClerkError.self) { try await single.environment() }
        #expect({ if case .transport(let failure)? = error { failure.kind == .connectionLost } else { false } }(), "\(String(describing: error))")
    }

    @Test("a 429 on creating a code sign-in (no secret in it) is waited out and sent once more")
    func rateLimitedCreate() async throws {
        let tooMany = Canned(
            status: 429, contentType: "application/json",
            body: #"{"errors":[{"code":"too_many_requests","message":"Too many requests","long_message":"Too many requests"}]}"#,
            headers: ["Retry-After": "1"])
        let rig = try await FaultRig.start(.emailCode) { method, path, occurrence in
            method == "POST" && path == "/v1/client/sign_ins" && occurrence == 1 ? .answerInstead(tooMany) : .none
        }
        defer { Task { await rig.stop() } }
        _ = try await rig.server.seedUser(SeedUser(emailAddress: Self.email))
        let driver = FlowDriver(client: try rig.device(), registry: try FactorRegistry([EmailCodeStrategy()]), answers: KnownAnswers(identifier: Self.email))
        let start = ContinuousClock.now
        let session = try await driver.signIn()
        printWire("429 with Retry-After: 1 on creating a code sign-in", rig.proxy, saw: "\(session)", since: start)
        #expect(session.status == .active)
        #expect(
            rig.proxy.writes.map(normalized) == [
                "POST /v1/client/sign_ins", "POST /v1/client/sign_ins", "POST /v1/client/sign_ins/{id}/attempt_first_factor",
            ])
    }

    @Test("a retry after a 503 waits in real time even when token timing runs on a manual clock")
    func retryWithManualClock() async throws {
        let rig = try await FaultRig.start(.emailCode) { _, path, occurrence in
            path == "/v1/environment" && occurrence == 1
                ? .answerInstead(Canned(status: 503, contentType: "text/html", body: "<h1>Service Unavailable</h1>")) : .none
        }
        defer { Task { await rig.stop() } }
        let clock = ClerkTesting.ManualClock()
        let device = ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: rig.proxy.url), options: .init(transport: URLSessionTransport(), sleeper: clock, clock: clock)
        )
        _ = try await device.environment()
        #expect(rig.proxy.requests.count == 2)
    }
}

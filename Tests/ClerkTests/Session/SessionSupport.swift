import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Session tokens, signed-in clients and a client whose time and waits the test controls.
enum SessionFixture {
    /// A JWT-shaped token (the signature is not checked by the SDK) whose payload is `claims`.
    static func jwt(_ claims: String, header: String = #"{"alg":"RS256","kid":"ins_1","typ":"JWT"}"#) -> String {
        "\(base64URL(header)).\(base64URL(claims)).c2lnbmF0dXJl"
    }

    /// A token issued `now` that lives `lifetime` seconds (claims iat and exp).
    static func jwt(issuedAt now: Date, lifetime: Int = 60, sid: String = "sess_1") -> String {
        let iat = Int(now.timeIntervalSince1970)
        return jwt(#"{"sid":"\#(sid)","sub":"user_1","iat":\#(iat),"nbf":\#(iat - 10),"exp":\#(iat + lifetime),"v":2}"#)
    }

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A bare token answer.
    static func tokenAnswer(_ jwt: String) -> TransportResponse {
        TransportResponse(status: 200, json: Fixture.json(TokenResource(jwt: jwt)))
    }

    static let user = User(
        id: "user_1", hasImage: false, passwordEnabled: true, twoFactorEnabled: false, totpEnabled: false,
        backupCodeEnabled: false, emailAddresses: [], phoneNumbers: [], web3Wallets: [], passkeys: [], externalAccounts: [],
        samlAccounts: [], enterpriseAccounts: [], publicMetadata: [:], banned: false, locked: false, createdAt: Fixture.time, updatedAt: Fixture.time,
        deleteSelfEnabled: true, createOrganizationEnabled: false)

    static func session(_ id: String, status: SessionStatus = .active) -> Session {
        var session = Fixture.session(id, status: status)
        session.user = user
        return session
    }

    /// A client signed in to `sessions`, the first being active unless `active` says otherwise.
    static func signedIn(_ sessions: [String] = ["sess_1"], active: String? = nil) -> ClientResource {
        Fixture.client(sessions: sessions.map { session($0) }, lastActive: active ?? sessions.first)
    }

    /// An enveloped answer of `GET /v1/client` with `client`.
    static func clientAnswer(_ client: ClientResource?) -> TransportResponse {
        Fixture.envelope(Optional(client), client: nil)
    }
}

/// A client over a scripted transport whose clock and sleeper are one `ManualClock`.
struct SessionHarness {
    let transport: ScriptedTransport
    let clock = ManualClock()
    let log = LineLog()
    let client: ClerkClient

    init(
        _ steps: [ScriptedTransport.Step] = [], token: String? = "client_token_1",
        policy: SessionTokenPolicy = SessionTokenPolicy(jitter: 0), tokenStore: (any TokenStore)? = nil
    ) {
        transport = ScriptedTransport(steps)
        let log = self.log
        client = ClerkClient(
            configuration: try! ClerkConfiguration(frontendAPIURL: Fixture.baseURL),
            options: .init(
                transport: transport, tokenStore: tokenStore ?? InMemoryTokenStore(token: token), retryPolicy: .none, sleeper: clock, clock: clock,
                tokenPolicy: policy, logHandler: { log.append($0) }))
    }

    var requests: [TransportRequest] { transport.requests }

    /// Signs the client in by reading a client that holds `sessions`.
    func signIn(_ sessions: [String] = ["sess_1"], active: String? = nil) async throws {
        transport.enqueue(.respond(SessionFixture.clientAnswer(SessionFixture.signedIn(sessions, active: active))))
        try await client.refresh()
    }
}

/// Log lines, with a way to wait (without a timer) until enough lines of some kind arrived.
final class LineLog: Sendable {
    private struct Waiter {
        let count: Int
        let matches: @Sendable (String) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var lines: [String] = []
        var waiters: [Waiter] = []
    }

    private let state = Protected(State())

    var lines: [String] { state.withValue { $0.lines } }

    func append(_ line: String) {
        let ready: [CheckedContinuation<Void, Never>] = state.withValue { state in
            state.lines.append(line)
            let lines = state.lines
            let due = state.waiters.filter { waiter in lines.filter(waiter.matches).count >= waiter.count }
            state.waiters.removeAll { waiter in lines.filter(waiter.matches).count >= waiter.count }
            return due.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `count` lines contain `text`.
    func waitFor(_ text: String, count: Int = 1) async {
        await waitFor(count: count) { $0.contains(text) }
    }

    /// Returns once `count` lines match.
    func waitFor(count: Int, where matches: @escaping @Sendable (String) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withValue { state in
                if state.lines.filter(matches).count >= count { return true }
                state.waiters.append(Waiter(count: count, matches: matches, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// A transport that holds every request until the test opens the gate, to keep one in flight.
final class GatedTransport: HTTPTransport {
    private struct State {
        var sent: [TransportRequest] = []
        var held: [CheckedContinuation<Void, Never>] = []
        var open = false
    }

    private let state = Protected(State())
    private let holds: @Sendable (TransportRequest) -> Bool
    private let answer: @Sendable (TransportRequest) -> TransportResponse

    /// Holds the requests `holds` picks (every request by default) and answers each with `answer`.
    init(
        holds: @escaping @Sendable (TransportRequest) -> Bool = { _ in true },
        answer: @escaping @Sendable (TransportRequest) -> TransportResponse
    ) {
        self.holds = holds
        self.answer = answer
    }

    var requests: [TransportRequest] { state.withValue { $0.sent } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open: Bool = state.withValue { state in
                state.sent.append(request)
                let passes = state.open || !holds(request)
                if !passes { state.held.append(continuation) }
                return passes
            }
            if open { continuation.resume() }
        }
        return answer(request)
    }

    func open() {
        let held = state.withValue { state in
            state.open = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }
}

/// Collects events from a stream in the background, and hands them out once enough arrived.
final class EventCollector<Element: Sendable>: Sendable {
    private struct State {
        var values: [Element] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Protected(State())

    init(_ stream: AsyncStream<Element>) {
        Task { [self] in
            for await value in stream { append(value) }
        }
    }

    var values: [Element] { state.withValue { $0.values } }

    private func append(_ value: Element) {
        let ready: [CheckedContinuation<Void, Never>] = state.withValue { state in
            state.values.append(value)
            let count = state.values.count
            let due = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return due
        }
        for continuation in ready { continuation.resume() }
    }

    /// The first `count` values, once they have arrived.
    func first(_ count: Int) async -> [Element] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withValue { state in
                if state.values.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
        return Array(values.prefix(count))
    }
}

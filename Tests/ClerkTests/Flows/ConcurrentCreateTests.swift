import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Two creates on one client at once, one of which loses its answer: reading the client again
/// cannot tell whose sign-in it shows, so the lost one never takes the other's for its own.
@Suite("Concurrent creates and a lost answer", .timeLimit(.minutes(1)))
struct ConcurrentCreateTests {
    static let theirs = Fixture.signIn(id: "sia_2", status: .needsFirstFactor)
    static let lost = ScriptedTransport.Step.fail(TransportError(.connectionLost))

    enum Held: String, CaseIterable, Sendable {
        /// The lost create's own request is held; the other create runs before its answer is lost.
        case create
        /// The lost create's read of the client is held; the other create runs before that read answers.
        case reread
    }

    @Test("the other create's sign-in, shown by the client read after the lost answer, is not taken as the lost create's", arguments: Held.allCases)
    func lostCreateBesideAnotherCreate(_ held: Held) async throws {
        let afterwards = ScriptedTransport.Step.respond(Fixture.envelope(Optional(Fixture.client(signIn: Self.theirs)), client: nil))
        let other = ScriptedTransport.Step.respond(Fixture.envelope(Self.theirs, client: Fixture.client(signIn: Self.theirs)))
        let transport: HoldingTransport
        switch held {
        case .create: transport = HoldingTransport(holding: 0, then: Self.lost, others: [other, afterwards])
        case .reread: transport = HoldingTransport(holding: 1, then: afterwards, others: [Self.lost, other])
        }
        let clerk = ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: Fixture.baseURL),
            options: .init(transport: transport, tokenStore: InMemoryTokenStore(token: "client_token_1")))

        async let first = clerkError { try await clerk.createSignIn(.init(identifier: "jane+clerk_test@example.com")) }
        await transport.heldRequestArrived()
        let second = try await clerk.createSignIn(.init(identifier: "ada+clerk_test@example.com"))
        transport.release()
        let error = await first

        #expect(second.signIn.id == "sia_2")
        #expect(error?.lostAnswer != nil, "the lost create returned instead of throwing: \(String(describing: error))")
        #expect(error?.lostAnswer?.serverState == .unknown)
        #expect(await clerk.currentSignIn?.signIn.id == "sia_2")
        #expect(
            transport.requests.map { "\($0.method.rawValue) \($0.path)" }.sorted() == [
                "GET /v1/client", "POST /v1/client/sign_ins", "POST /v1/client/sign_ins",
            ])
    }
}

/// Holds the request numbered `holding` (from 0, in arrival order) until `release()`, then plays
/// `then` for it; plays `others`, in order, for every other request.
final class HoldingTransport: HTTPTransport {
    private let scripted: ScriptedTransport
    private let held: ScriptedTransport
    private let holding: Int
    private let count = Protected(0)
    private let arrivals = AsyncStream.makeStream(of: Void.self)
    private let releases = AsyncStream.makeStream(of: Void.self)
    private let sent = Protected<[TransportRequest]>([])

    init(holding: Int, then step: ScriptedTransport.Step, others: [ScriptedTransport.Step]) {
        self.holding = holding
        held = ScriptedTransport([step])
        scripted = ScriptedTransport(others)
    }

    var requests: [TransportRequest] { sent.withValue { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.withValue { $0.append(request) }
        let index = count.withValue { count in
            defer { count += 1 }
            return count
        }
        guard index == holding else { return try await scripted.send(request) }
        arrivals.continuation.yield()
        for await _ in releases.stream { break }
        return try await held.send(request)
    }

    /// Returns once the held request has arrived.
    func heldRequestArrived() async {
        for await _ in arrivals.stream { return }
    }

    func release() {
        releases.continuation.yield()
    }
}

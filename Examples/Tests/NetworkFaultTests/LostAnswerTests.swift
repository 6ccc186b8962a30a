import Clerk
import ClerkEmailCode
import ClerkLocalServer
import Foundation
import NIOConcurrencyHelpers
import Testing

/// Every request of the documented flows that may not repeat, with its answer lost: after the
/// server applied it (a reset where the answer should be), and before the server saw it (a reset
/// of the request). Over real HTTP on loopback, through the SDK's real transport.
@Suite("Lost answers in the documented flows", .serialized, .timeLimit(.minutes(20)))
struct LostAnswerTests {
    /// The writes a flow sends when nothing goes wrong, with their ids left out.
    static func writes(of flow: DocumentedFlow) async throws -> [String] {
        let rig = try await FaultRig.start(flow.preset)
        defer { Task { await rig.stop() } }
        _ = try await flow.run(on: try rig.device(), server: rig.server)
        return rig.proxy.writes.map(normalized)
    }

    @Test(
        "an answer lost after the server applied the request: the flow goes on from the server's state and sends nothing twice",
        arguments: DocumentedFlow.allCases)
    func lostAfterTheServerApplied(flow: DocumentedFlow) async throws {
        let expected = try await Self.writes(of: flow)
        #expect(!expected.isEmpty)
        for step in expected.indices {
            let rig = try await FaultRig.start(flow.preset, plan: faultingWrite(step, with: .resetAfterServer))
            let started = ContinuousClock.now
            let session = try await flow.run(on: try rig.device(), server: rig.server)
            let took = ContinuousClock.now - started
            let writes = rig.proxy.writes
            #expect([SessionStatus.active, .pending].contains(session.status))
            // Every write reached the server once and whole. The very first request is the exception: its
            // answer carried the new client's token, so the next call starts another client (see below).
            var sent = expected
            if step == 0 { sent.insert(expected[0], at: 0) }
            #expect(writes.map(normalized) == sent, "\(flow) with the answer to \(expected[step]) lost")
            #expect(writes.allSatisfy { $0.reachedServer && $0.receivedLength == $0.declaredLength })
            // A request that may not repeat never rides a kept-alive connection, where the transport could re-send it.
            #expect(writes.allSatisfy { $0.indexOnConnection == 0 })
            if step == 0 {
                // Nothing is stranded by the first lost answer: the client it created holds no session.
                let sessions = await rig.server.sessions()
                #expect(Set(sessions.map(\.clientID)).count == 1)
            }
            print("lost after applied: \(flow) \(expected[step]): finished in \(took), \(rig.proxy.requests.count) requests")
            await rig.stop()
        }
    }

    @Test(
        "a request reset before the server saw it: the state is read, then it is sent once more, whole",
        arguments: DocumentedFlow.allCases)
    func resetBeforeTheServer(flow: DocumentedFlow) async throws {
        let expected = try await Self.writes(of: flow)
        for step in expected.indices {
            let rig = try await FaultRig.start(flow.preset, plan: faultingWrite(step, with: .resetBeforeServer))
            let session = try await flow.run(on: try rig.device(), server: rig.server)
            #expect([SessionStatus.active, .pending].contains(session.status))
            var sent = expected
            sent.insert(expected[step], at: step)
            let writes = rig.proxy.writes
            #expect(writes.map(normalized) == sent, "\(flow) with \(expected[step]) reset")
            try #require(writes.indices.contains(step))
            #expect(writes[step].reachedServer == false)
            #expect(writes.enumerated().allSatisfy { $0.offset == step || $0.element.reachedServer })
            #expect(writes.allSatisfy { $0.receivedLength == $0.declaredLength })
            await rig.stop()
        }
    }

    @Test("when nothing can be read after a lost answer, the error says the outcome is unknown; resume reads the state and sends no code again")
    func unknownThenResume() async throws {
        // The attempt's answer is lost after the server applied it, and so is every read right after.
        let cut = NIOLockedValueBox(false)
        let rig = try await FaultRig.start(.emailCode) { method, path, _ in
            if path.hasSuffix("/attempt_first_factor") {
                cut.withLockedValue { $0 = true }
                return .resetAfterServer
            }
            return cut.withLockedValue { $0 } && method == "GET" ? .resetBeforeServer : .none
        }
        defer { Task { await rig.stop() } }
        let device = try rig.device(retry: .none)
        let email = "unknown+clerk_test@example.com"
        _ = try await rig.server.seedUser(SeedUser(emailAddress: email))
        let driver = FlowDriver(client: device, registry: try FactorRegistry([EmailCodeStrategy()]), answers: KnownAnswers(identifier: email))
        let started = ContinuousClock.now
        let error = await #expect(throws: ClerkError.self) { try await driver.signIn() }
        print("unknown outcome surfaced in \(ContinuousClock.now - started): \(error.map(String.init(describing:)) ?? "-")")
        #expect(error?.lostAnswer?.serverState == .unknown)
        #expect(error?.description.contains("may or may not have applied it") == true)

        cut.withLockedValue { $0 = false }
        let session = try await driver.resume()
        #expect(session.status == .active)
        #expect(rig.proxy.writes.filter { $0.path.hasSuffix("/attempt_first_factor") }.count == 1)
    }
}

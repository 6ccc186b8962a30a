import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalServer

/// bcrypt work is bounded: a gate runs a few hashes at once and queues a few more, beyond which the
/// Frontend API answers 429 with Retry-After; imports cannot bring a digest dearer than the
/// instance's cost; and a missing account or a cheaper digest costs a hash at the instance's cost.
@Suite("Security: bounded bcrypt work")
struct HashingBoundsTests {
    @Test("A full gate refuses bounded work with 429 and Retry-After, queues unbounded work, and admits waiters in order")
    func gate() async throws {
        let gate = HashingGate(maxRunning: 1, maxWaiting: 1)
        try await gate.enter()
        let waiter = Task { try await gate.run { 1 } }
        while gate.waitingCount < 1 { await Task.yield() }
        do {
            try await gate.enter()
            Issue.record("a full gate admitted more work")
        } catch {
            #expect(error.status == 429)
            #expect(error.code == .tooManyRequests)
            #expect(error.retryAfterSeconds == HashingGate.retryAfterSeconds)
        }
        let seeding = Task { await gate.runWhenFree { 2 } }
        while gate.waitingCount < 2 { await Task.yield() }
        gate.leave()
        #expect(try await waiter.value == 1)
        #expect(await seeding.value == 2)
        try await gate.enter()
        gate.leave()
    }

    @Test("A password sign-in while the server's gate is full answers 429 with Retry-After, then goes through")
    func signInWhileFull() async throws {
        try await withServer(DashboardTests.oneStep) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let gate = server.core.hasher.gate
            for _ in 0..<gate.maxRunning { try await gate.enter() }
            let queued = (0..<gate.maxWaiting).map { _ in Task { try await gate.enter() } }
            while gate.waitingCount < gate.maxWaiting { await Task.yield() }

            let refused = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            expectError(refused, status: 429, code: "too_many_requests")
            #expect(refused.header("Retry-After") == String(HashingGate.retryAfterSeconds))

            for _ in 0..<(gate.maxRunning + gate.maxWaiting) { gate.leave() }
            for task in queued { try await task.value }
            let admitted = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            #expect(admitted.status == 200)
        }
    }

    @Test("A missing account, and a digest cheaper than the instance's, cost a hash at the instance's cost")
    func decoyAtInstanceCost() {
        #expect(PasswordDigestFormat.cost(of: PasswordHasher.decoyHash) == Int(PasswordHasher.cost))
        #expect(PasswordDigestFormat.costs.upperBound == Int(PasswordHasher.cost), "no imported digest costs more than the instance's own")
        #expect(!PasswordDigestFormat.isValid("$2b$14$" + UserImportRefusalTests.digest.dropFirst(7)))
    }
}

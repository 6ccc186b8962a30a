import ClerkAPI
import Foundation
import HummingbirdBcrypt
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// bcrypt work is bounded: a gate runs a few hashes at once and queues a few more, beyond which the
/// Frontend API answers 429 with Retry-After; imports cannot bring a digest dearer than the
/// instance's cost; and a missing account or a cheaper digest costs what a check at the instance's
/// cost does.
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

    /// What checking `password` against `hash` costs: bcrypt's rounds, 2^cost for each digest checked.
    static func work(_ hash: String?, password: String = Fixture.password) async throws -> (rounds: Int, check: PasswordCheck) {
        let costs = NIOLockedValueBox<[Int]>([])
        let hasher = PasswordHasher(gate: HashingGate()) { digest in
            costs.withLockedValue { $0.append(PasswordDigestFormat.cost(of: digest) ?? 0) }
        }
        let check = try await hasher.check(password, against: hash)
        return (costs.withLockedValue { $0 }.reduce(0) { $0 + 1 << $1 }, check)
    }

    static let instanceRounds = 1 << Int(PasswordHasher.cost)

    @Test("A missing account and a wrong password on a cheaper digest cost what one check at the instance's cost does", arguments: [4, 9])
    func workAtInstanceCost(cost: Int) async throws {
        #expect(try await Self.work(nil).rounds == Self.instanceRounds)
        let digest = Bcrypt.hash(Fixture.password, cost: UInt8(cost))
        let wrong = try await Self.work(digest, password: "not-the-password")
        #expect(wrong.rounds == Self.instanceRounds)
        #expect(!wrong.check.matched && wrong.check.rehashed == nil)
        let right = try await Self.work(digest)
        #expect(right.rounds == Self.instanceRounds && right.check.matched)
        #expect(right.check.rehashed.flatMap(PasswordDigestFormat.cost(of:)) == Int(PasswordHasher.cost), "rehashed at the instance's cost")
    }

    @Test("A dearer digest (an older data directory's) costs its own work and is rehashed at the instance's cost on a match")
    func dearerDigest() async throws {
        let own = try await Self.work(PasswordHasher().hash(Fixture.password))
        #expect(own.rounds == Self.instanceRounds && own.check.matched && own.check.rehashed == nil)
        let dearer = Bcrypt.hash(Fixture.password, cost: PasswordHasher.cost + 1)
        let wrong = try await Self.work(dearer, password: "not-the-password")
        #expect(wrong.rounds == 2 * Self.instanceRounds && wrong.check.rehashed == nil)
        let right = try await Self.work(dearer)
        #expect(right.check.rehashed.flatMap(PasswordDigestFormat.cost(of:)) == Int(PasswordHasher.cost))
        #expect(!PasswordDigestFormat.isValid("$2b$14$" + UserImportRefusalTests.digest.dropFirst(7)), "imports bring none")
    }
}

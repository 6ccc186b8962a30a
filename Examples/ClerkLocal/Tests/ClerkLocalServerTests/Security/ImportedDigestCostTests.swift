import ClerkAPI
import Foundation
import HummingbirdBcrypt
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Real databases hold bcrypt digests at cost 12 (Rails, Devise, Laravel, Django): they import, sign in
/// through the hashing gate, and are hashed again at the instance's cost on the first successful sign-in.
@Suite("Security: imported bcrypt digests up to cost 12")
struct ImportedDigestCostTests {
    @Test("A $2b$12$ or $2a$11$ digest imports, a wrong password leaves it, the right one signs in and rehashes it at 10", arguments: [12, 11])
    func importedAndRehashed(cost: Int) async throws {
        let digest = Bcrypt.hash(Fixture.password, cost: UInt8(cost))
        let written = cost == 11 ? "$2a$" + digest.dropFirst(4) : digest
        let document = UserExportDocument(exportedAt: 1_800_000_000_000, users: [generatedUser(0, digest: written)])
        try await withServer { server in
            let imported = try await server.importOverHTTP(try document.encoded())
            #expect(imported.status == 200, "\(imported.text)")
            let email = "mover00000@example.com"
            let userID = "user_mover00000"
            expectError(
                try await server.client().signIn([("identifier", email), ("password", "not-the-password")]), status: 422, code: "form_password_incorrect")
            #expect(await DigestRehashTests.digestCost(of: userID, on: server) == cost)
            #expect(try await server.client().signIn([("identifier", email), ("password", Fixture.password)]).status == 200)
            #expect(await DigestRehashTests.digestCost(of: userID, on: server) == Int(PasswordHasher.cost))
        }
    }

    @Test("Cost 13 and above are refused by the digest's path, naming the bound")
    func dearerRefused() async throws {
        let document = UserExportDocument(
            exportedAt: 1_800_000_000_000, users: [generatedUser(0, digest: "$2b$13$" + UserImportRefusalTests.digest.dropFirst(7))])
        try await withServer { server in
            let refused = try await server.importOverHTTP(try document.encoded())
            #expect(refused.status == 422, "\(refused.text)")
            #expect(refused.text.contains("users[0].password.digest") && refused.text.contains("cost 4 to 12"), "\(refused.text)")
            #expect(await server.core.store.users.isEmpty)
        }
        #expect(PasswordDigestFormat.isValid("$2b$12$" + UserImportRefusalTests.digest.dropFirst(7)))
        #expect(!PasswordDigestFormat.isValid("$2b$13$" + UserImportRefusalTests.digest.dropFirst(7)))
    }

    @Test("A cost-12 check is its own work (four checks at 10, no decoys) and goes through the hashing gate: a full gate answers 429")
    func boundedByTheGate() async throws {
        let digest = Bcrypt.hash(Fixture.password, cost: 12)
        let wrong = try await HashingBoundsTests.work(digest, password: "not-the-password")
        #expect(wrong.rounds == 4 * HashingBoundsTests.instanceRounds && !wrong.check.matched)
        let gate = HashingGate(maxRunning: 1, maxWaiting: 0)
        let hasher = PasswordHasher(gate: gate)
        try await gate.enter()
        await #expect(throws: FrontendError.self) { try await hasher.verify(Fixture.password, against: digest) }
        gate.leave()
        #expect(try await hasher.verify(Fixture.password, against: digest))
    }
}

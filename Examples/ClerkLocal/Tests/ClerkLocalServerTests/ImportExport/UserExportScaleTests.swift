import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Import and export: 10,000 users")
struct UserExportScaleTests {
    static let count = 10_000

    @Test("10,000 users import over HTTP and export again unchanged; one of them signs in with a backup code")
    func tenThousandUsers() async throws {
        // One digest for everyone: bcrypt costs about 70 ms, 10,000 of them would be minutes.
        let digest = await PasswordHasher().hash(Fixture.password)
        let codes = BackupCodeSet(codes: Cast.backupCodes)
        let document = UserExportDocument(
            exportedAt: 1_800_000_000_000,
            users: (0..<Self.count).map { generatedUser($0, digest: digest, totpSecret: $0 % 2 == 0 ? Cast.totpSecret : nil, backupCodes: codes) })
        let clock = ContinuousClock()
        let encodingStart = clock.now
        let data = try document.encoded()
        let encoding = clock.now - encodingStart
        #expect(data.count > 64 * 1024, "past the limit of other routes")
        #expect(data.count < LocalRoutes.importBodyLimit)

        try await withServer(movingSettings) { server in
            let importStart = clock.now
            let imported = try await server.importOverHTTP(data)
            let importing = clock.now - importStart
            #expect(imported.status == 200, "\(imported.text.prefix(500))")
            #expect(imported.json["imported"] as? Int == Self.count)

            let exportStart = clock.now
            let exported = try await server.exportOverHTTP()
            let exporting = clock.now - exportStart
            var again = try UserExportDocument.decode(from: exported)
            again.exportedAt = document.exportedAt
            #expect(again == document)

            let device = server.client()
            let signIn = try await device.signIn([("identifier", "mover09998@example.com"), ("password", Fixture.password)]).signIn
            #expect(signIn.status == .needsSecondFactor)
            let done = try await device.signInAction(signIn.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", Cast.backupCodes[2])])
            #expect(try done.signIn.status == .complete, "\(done.text)")
            print(
                "10,000 users, \(data.count / 1024) KB: encode \(encoding), import over HTTP \(importing), export over HTTP \(exporting)")
        }
    }
}

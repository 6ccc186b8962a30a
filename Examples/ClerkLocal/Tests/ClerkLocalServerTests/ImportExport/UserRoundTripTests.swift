import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Import and export: users move to another instance and sign in there as before")
struct UserRoundTripTests {
    @Test("Every factor survives: password, username, phone, authenticator, backup codes, SMS second factor, compromised flag")
    func everyFactorSignsInOnTheOtherInstance() async throws {
        let clock = ManualClock(now: movingStart)
        try await withServer(movingSettings, now: { clock.now() }) { a in
            let cast = try await Cast.seed(on: a)
            let awaiting = try await Self.useInstance(a, cast, clock: clock)
            let exported = try await a.exportOverHTTP()
            try Self.checkDocument(exported, cast, awaiting: awaiting, clock: clock)

            try await withServer(movingSettings, now: { clock.now() }) { b in
                let imported = try await b.importOverHTTP(exported)
                #expect(imported.status == 200, "\(imported.text)")
                #expect(imported.json["imported"] as? Int == cast.all.count)

                // What B exports is what A exported, byte for byte, but for the time of the export.
                let reexported = try await b.exportOverHTTP()
                var original = try UserExportDocument.decode(from: exported)
                let copy = try UserExportDocument.decode(from: reexported)
                original.exportedAt = copy.exportedAt
                #expect(original == copy)
                #expect(try original.encoded() == reexported)

                try await Self.signInEveryone(on: b, cast, awaiting: awaiting, clock: clock)
            }
        }
    }

    @Test("The Swift API moves the same users: exportUsers on one server, importUsers on another, and start(importing:)")
    func swiftAPI() async throws {
        let a = try await LocalFrontendAPI.start(settings: movingSettings)
        let seeded = try await a.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password, totpSecret: Cast.totpSecret))
        let document = await a.exportUsers()
        await a.shutdown()
        #expect(document.userCount == 1)

        let b = try await LocalFrontendAPI.start(settings: movingSettings, importing: document)
        let again = await b.exportUsers()
        #expect(again.users == document.users)
        await #expect(throws: UserImportError(field: "users[0].id", userID: seeded.id, problem: .userExists)) {
            try await b.importUsers(document)
        }
        await b.shutdown()

        await #expect(throws: UserImportError.self) {
            var tampered = document
            tampered.users[0].password?.digest = "plain-text"
            _ = try await LocalFrontendAPI.start(settings: movingSettings, importing: tampered)
        }
    }

    @Test("An export is stable: sorted by id, and the same users give the same bytes")
    func stableOutput() async throws {
        try await withServer(movingSettings) { server in
            for name in ["c", "a", "b"] {
                _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email(name), password: nil))
            }
            let first = await server.export()
            #expect(first.users.map(\.id) == first.users.map(\.id).sorted())
            var second = await server.export()
            second.exportedAt = first.exportedAt
            #expect(try first.encoded() == second.encoded())
        }
    }

    @Test("The example in the format's documentation imports and exports back the same")
    func documentedExample() async throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: examples.appendingPathComponent("Docs/user-export-format.md"), encoding: .utf8)
        let start = try #require(page.range(of: "```json\n"))
        let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        let example = try UserExportDocument.decode(from: Data(page[start.upperBound..<end.lowerBound].utf8))
        try await withServer(movingSettings) { server in
            let imported = try await server.core.store.perform(UserAdministration.self) { [document = example] in try $0.importUsers(document) }
            #expect(imported == 1)
            var exported = await server.export()
            exported.exportedAt = example.exportedAt
            // The example is of version 1 (it has no organizations); it exports back as the current version.
            var expected = example
            expected.version = UserExportDocument.version
            #expect(exported == expected)
        }
    }

    // MARK: Steps

    /// Addresses added on an account and not verified.
    struct Awaiting {
        var email: String
        var phone: String
    }

    /// What users do on A before it exports: an authenticator code and a backup code used, a
    /// wrong password, an address and a number added and not verified.
    private static func useInstance(_ a: TestServer, _ cast: Cast, clock: ManualClock) async throws -> Awaiting {
        let totp = try #require(LocalTOTP(base32Secret: Cast.totpSecret))
        let username = try #require(cast.authenticator.username)
        let device = a.client()
        let first = try await device.signIn([("identifier", username), ("password", Fixture.password)]).signIn
        #expect(first.status == .needsSecondFactor)
        let done = try await device.signInAction(first.id, "attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
        #expect(try done.signIn.status == .complete, "\(done.text)")

        let laptop = a.client()
        let second = try await laptop.signIn([("identifier", try #require(cast.authenticator.emailAddress)), ("password", Fixture.password)]).signIn
        let backup = try await laptop.signInAction(second.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", Cast.backupCodes[0])])
        #expect(try backup.signIn.status == .complete, "\(backup.text)")

        let wrong = try await a.client().signIn([("identifier", try #require(cast.sms.emailAddress)), ("password", "not-the-password-1")])
        expectError(wrong, status: 422, code: "form_password_incorrect")

        let phone = a.client()
        let signIn = try await phone.signIn([("identifier", try #require(cast.phoneOnly.phoneNumber)), ("password", Fixture.password)])
        let sessionID = try #require(try signIn.signIn.createdSessionID, "\(signIn.text)")
        let awaiting = Awaiting(email: Fixture.email("added"), phone: "+14155552672")
        let email = try await phone.me("POST", "/email_addresses", session: sessionID, form: [("email_address", awaiting.email)])
        #expect(email.status == 200, "\(email.text)")
        let number = try await phone.me("POST", "/phone_numbers", session: sessionID, form: [("phone_number", awaiting.phone)])
        #expect(number.status == 200, "\(number.text)")
        return awaiting
    }

    /// The document says what A knows: secrets as stored, state kept, times in milliseconds.
    private static func checkDocument(_ data: Data, _ cast: Cast, awaiting: Awaiting, clock: ManualClock) throws {
        let document = try UserExportDocument.decode(from: data)
        #expect(document.format == "clerk-local-users" && document.version == UserExportDocument.version)
        #expect(document.exportedAt == ExportTime.milliseconds(clock.now()))
        #expect(Set(document.users.map(\.id)) == Set(cast.all.map(\.id)))
        let byID = Dictionary(uniqueKeysWithValues: document.users.map { ($0.id, $0) })

        let authenticator = try #require(byID[cast.authenticator.id])
        #expect(authenticator.createdAt == 1_800_000_000_123, "milliseconds, rounded")
        #expect(authenticator.password?.hasher == "bcrypt" && authenticator.password?.digest.hasPrefix("$2b$10$") == true)
        #expect(authenticator.totp?.secret == Cast.totpSecret)
        #expect(authenticator.totp?.lastUsedStep == LocalTOTP.step(at: clock.now()))
        #expect(authenticator.backupCodes?.digests.count == Cast.backupCodes.count - 1, "the used code is gone")
        #expect(authenticator.firstName == "Ada" && authenticator.username == cast.authenticator.username)

        let sms = try #require(byID[cast.sms.id])
        #expect(sms.phoneNumbers.map(\.reservedForSecondFactor) == [true])
        #expect(sms.lockout?.failedAttempts == 1)
        #expect(byID[cast.compromised.id]?.passwordCompromised == true)

        let phoneOnly = try #require(byID[cast.phoneOnly.id])
        #expect(phoneOnly.emailAddresses.map(\.emailAddress) == [awaiting.email])
        #expect(phoneOnly.emailAddresses.allSatisfy { $0.awaitingVerification && !$0.verified })
        #expect(phoneOnly.phoneNumbers.map(\.awaitingVerification) == [false, true])
        #expect(phoneOnly.lastSignInAt != nil)
    }

    /// Every user signs in on B with what they signed in with on A; what was used up on A stays used.
    private static func signInEveryone(on b: TestServer, _ cast: Cast, awaiting: Awaiting, clock: ManualClock) async throws {
        let totp = try #require(LocalTOTP(base32Secret: Cast.totpSecret))
        let device = b.client()
        let first = try await device.signIn([("identifier", try #require(cast.authenticator.username)), ("password", Fixture.password)]).signIn
        #expect(first.supportedSecondFactors?.map(\.strategy) == [.totp, .backupCode])
        let replay = try await device.signInAction(first.id, "attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
        expectError(replay, status: 422, code: "form_code_incorrect")
        clock.advance(by: .seconds(30))
        let done = try await device.signInAction(first.id, "attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
        let sessionID = try #require(try done.signIn.createdSessionID, "\(done.text)")
        #expect(try session(sessionID, in: done)?.user?.id == cast.authenticator.id, "the user keeps their id")

        let laptop = b.client()
        let email = try #require(cast.authenticator.emailAddress)
        expectError(try await laptop.signIn([("identifier", email), ("password", "not-the-password-1")]), status: 422, code: "form_password_incorrect")
        let second = try await laptop.signIn([("identifier", email), ("password", Fixture.password)]).signIn
        let used = try await laptop.signInAction(second.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", Cast.backupCodes[0])])
        expectError(used, status: 422, code: "form_code_incorrect")
        let unused = try await laptop.signInAction(second.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", Cast.backupCodes[1])])
        #expect(try unused.signIn.status == .complete, "\(unused.text)")

        let phone = b.client()
        let sms = try await phone.signIn([("identifier", Cast.smsPhone), ("password", Fixture.password)]).signIn
        #expect(sms.supportedSecondFactors?.map(\.strategy) == [.phoneCode])
        try await phone.signInAction(sms.id, "prepare_second_factor", [("strategy", "phone_code")])
        let code = try #require(b.latestCode(to: Cast.smsPhone), "B sends the code to the imported number")
        let smsDone = try await phone.signInAction(sms.id, "attempt_second_factor", [("strategy", "phone_code"), ("code", code)])
        #expect(try smsDone.signIn.status == .complete, "\(smsDone.text)")

        let flagged = b.client()
        let compromised = try await flagged.signIn([("identifier", try #require(cast.compromised.emailAddress)), ("password", Fixture.password)])
        let pendingID = try #require(try compromised.signIn.createdSessionID, "\(compromised.text)")
        let pending = try #require(try session(pendingID, in: compromised))
        #expect(pending.status == .pending && pending.tasks?.map(\.key) == [.resetPassword])

        let byPhone = try await b.client().signIn([("identifier", try #require(cast.phoneOnly.phoneNumber)), ("password", Fixture.password)])
        #expect(try byPhone.signIn.status == .complete, "\(byPhone.text)")
        #expect(await b.core.store.user(withIdentifier: awaiting.email, kind: .emailAddress) == nil, "unverified: not an identifier")
        #expect(await b.core.store.user(withIdentifier: awaiting.phone, kind: .phoneNumber) == nil)
    }
}

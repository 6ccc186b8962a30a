import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// One user with one thing wrong, as each entry point takes it.
struct BadNewUser: Sendable, CustomTestStringConvertible {
    var name: String
    /// Fields of the admin API's `SeedUser` and the Backend API's `POST /users` (addresses as one string).
    var email: String = "fresh@example.com"
    var username: String?
    var firstName: String?
    /// The error code and parameter both APIs answer with.
    var code: String
    var param: String
    /// The field and problem an import names for the same user as `users[0]`.
    var importField: String
    var importProblem: @Sendable (_ takenID: String) -> UserImportError.Problem

    var testDescription: String { name }
}

/// Every entry point creates a user through `UserIntake`: the same user is refused by the admin
/// API, the Backend API and an import alike, each in its own envelope, and none is created.
@Suite("Users: one way to create them")
struct UserCreationPathTests {
    static let cases: [BadNewUser] = [
        BadNewUser(
            name: "a malformed email address", email: "fresh at example", code: "form_param_format_invalid", param: "email_address",
            importField: "users[0].email_addresses[0].email_address", importProblem: { _ in .invalidEmailAddress }),
        BadNewUser(
            name: "an email address the server has, in another case", email: "TAKEN@example.com", code: "form_identifier_exists",
            param: "email_address", importField: "users[0].email_addresses[0].email_address", importProblem: { .identifierTaken(byUserID: $0) }),
        BadNewUser(
            name: "a username the server has, in another case", username: "Taken_Name", code: "form_identifier_exists", param: "username",
            importField: "users[0].username", importProblem: { .identifierTaken(byUserID: $0) }),
        BadNewUser(
            name: "a malformed username", username: "ab", code: "form_param_format_invalid", param: "username", importField: "users[0].username",
            importProblem: { _ in .invalidUsername }),
        BadNewUser(
            name: "a first name with a control character", firstName: "Ada\u{1B}[2J", code: "form_param_value_invalid", param: "first_name",
            importField: "users[0].first_name", importProblem: { _ in .invalidName }),
        BadNewUser(
            name: "a first name over 256 characters", firstName: String(repeating: "a", count: 257), code: "form_param_max_length_exceeded",
            param: "first_name", importField: "users[0].first_name", importProblem: { _ in .invalidName }),
    ]

    @Test("Refused alike by the admin API, the Backend API and an import; nothing created", arguments: cases)
    func refusedAlike(_ bad: BadNewUser) async throws {
        try await withServer { server in
            let taken = try await server.seedUser(SeedUser(emailAddress: "taken@example.com", username: "taken_name"))
            var seed: [String: Any] = ["email_address": bad.email, "password": Fixture.password]
            seed["username"] = bad.username
            seed["first_name"] = bad.firstName
            let admin = try await server.client().send(
                "POST", "/__local/admin/users", rawBody: try JSONSerialization.data(withJSONObject: seed), contentType: "application/json")
            expectError(admin, status: 422, code: bad.code, param: bad.param)

            seed["email_address"] = [bad.email]
            expectError(try await server.backend("POST", "/users", json: seed), status: 422, code: bad.code, param: bad.param)

            var exported = generatedUser(0, digest: UserImportRefusalTests.digest)
            exported.emailAddresses[0].emailAddress = bad.email
            exported.username = bad.username
            exported.firstName = bad.firstName
            let document = UserExportDocument(exportedAt: 0, users: [exported])
            await #expect(throws: UserImportError(field: bad.importField, userID: exported.id, problem: bad.importProblem(taken.id))) {
                try await server.core.store.perform(UserAdministration.self) { try $0.importUsers(document) }
            }
            #expect(await server.core.store.users.count == 1, "only the user that was there")
        }
    }

    @Test("The admin API and the Backend API make the same record of the same user")
    func sameRecord() async throws {
        try await withServer { server in
            let seeded = try await server.seedUser(
                SeedUser(
                    emailAddress: " Ada@Example.COM ", phoneNumber: "+1 (201) 555-0101", username: "ada_l", password: Fixture.password,
                    firstName: "  Ada ", lastName: "Lovelace"))
            let created = try await server.backend(
                "POST", "/users",
                json: [
                    "email_address": [" Grace@Example.COM "], "phone_number": ["+1 (201) 555-0102"], "username": "grace_h",
                    "password": Fixture.password, "first_name": "  Grace ", "last_name": "Hopper",
                ])
            let createdID = try #require(created.json["id"] as? String, "\(created.bodyText)")
            let users = await server.core.store.users
            let ada = try #require(users[seeded.id])
            let grace = try #require(users[createdID])
            #expect(ada.primaryEmail?.address == "ada@example.com" && grace.primaryEmail?.address == "grace@example.com")
            #expect(ada.primaryPhone?.number == "+12015550101" && grace.primaryPhone?.number == "+12015550102")
            #expect(ada.firstName == "Ada" && grace.firstName == "Grace", "names trimmed")
            for user in [ada, grace] {
                #expect(user.emails.allSatisfy { $0.verified && !$0.awaitingVerification })
                #expect(user.phones.allSatisfy { $0.verified && !$0.reservedForSecondFactor })
                #expect(user.passwordHash.map(PasswordDigestFormat.isValid) == true && user.passwordUpdatedAt == user.createdAt)
                #expect(user.mfaEnabledAt == nil && user.unsafeMetadata == .object([:]))
            }
        }
    }

    @Test("An imported user flagged compromised needs a password, as a seeded one does")
    func compromisedNeedsPassword() async throws {
        try await withServer { server in
            await #expect(throws: LocalServerError.self) { try await server.seedUser(SeedUser(emailAddress: Fixture.email(), passwordCompromised: true)) }
            var exported = generatedUser(0, digest: UserImportRefusalTests.digest)
            exported.password = nil
            exported.passwordCompromised = true
            await #expect(throws: UserImportError(field: "users[0].password", userID: exported.id, problem: .missing)) {
                try await server.core.store.perform(UserAdministration.self) { [document = UserExportDocument(exportedAt: 0, users: [exported])] in
                    try $0.importUsers(document)
                }
            }
            #expect(await server.core.store.users.isEmpty)
        }
    }

    @Test("Generated secrets come back once from seeding; supplied ones never do")
    func generatedSecrets() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let generated = try await server.seedUser(
                SeedUser(emailAddress: Fixture.email("gen"), password: Fixture.password, generateTOTPSecret: true, generateBackupCodes: true))
            let secret = try #require(generated.totpSecret)
            #expect(generated.totpURI?.contains("secret=\(secret)") == true)
            #expect(generated.backupCodes?.count == BackupCodeSet.count)
            let stored = await server.core.store.users[generated.id]
            #expect(stored?.totpSecret == secret && stored?.backupCodes?.remaining == BackupCodeSet.count && stored?.mfaEnabledAt != nil)

            let supplied = try await server.seedUser(
                SeedUser(emailAddress: Fixture.email("own"), password: Fixture.password, totpSecret: "jbsw y3dp ehpk 3pxp", backupCodes: ["one-code"]))
            #expect(supplied.totpSecret == nil && supplied.totpURI == nil && supplied.backupCodes == nil)
            #expect(await server.core.store.users[supplied.id]?.totpSecret == "JBSWY3DPEHPK3PXP")
        }
    }
}

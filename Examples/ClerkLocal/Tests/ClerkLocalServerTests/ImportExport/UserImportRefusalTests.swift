import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A document with one thing wrong, and the error that names it.
struct RefusalCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Changes the valid document; `existing` is the user the server already has.
    var edit: @Sendable (inout UserExportDocument, _ existing: SeededUser) -> Void
    var expected: @Sendable (_ existing: SeededUser) -> UserImportError

    var testDescription: String { name }
}

/// A JSON document with one thing wrong, refused before any user is looked at.
struct UnreadableCase: Sendable, CustomTestStringConvertible {
    var name: String
    var data: @Sendable (UserExportDocument) throws -> Data
    var expected: UserImportError

    var testDescription: String { name }
}

@Suite("Import and export: a refused import names the field and changes nothing")
struct UserImportRefusalTests {
    /// Looks like bcrypt; refusals never get as far as verifying it.
    static let digest = "$2b$10$" + String(repeating: "abcdefghijk", count: 5).prefix(53)

    /// Three valid users; each case breaks the last, so a partial import would show.
    static var valid: UserExportDocument {
        let codes = BackupCodeSet(codes: ["one-code", "two-code"])
        return UserExportDocument(
            exportedAt: 1_800_000_000_000,
            users: (0..<3).map { generatedUser($0, digest: digest, totpSecret: Cast.totpSecret, backupCodes: codes) })
    }

    static func error(_ field: String, _ problem: UserImportError.Problem, user: String = "user_mover00002") -> UserImportError {
        UserImportError(field: field, userID: user, problem: problem)
    }

    static let cases: [RefusalCase] = [
        RefusalCase(name: "a user id the server has", edit: { $0.users[2].id = $1.id }, expected: { error("users[2].id", .userExists, user: $0.id) }),
        RefusalCase(
            name: "a user id twice", edit: { document, _ in document.users[2].id = "user_mover00000" },
            expected: { _ in error("users[2].id", .duplicate(of: "users[0].id"), user: "user_mover00000") }),
        RefusalCase(
            name: "an email address the server has", edit: { document, _ in document.users[2].emailAddresses[0].emailAddress = "taken@example.com" },
            expected: { error("users[2].email_addresses[0].email_address", .identifierTaken(byUserID: $0.id)) }),
        RefusalCase(
            name: "an email address twice, in another case",
            edit: { document, _ in document.users[2].emailAddresses[0].emailAddress = "MOVER00000@Example.com" },
            expected: { _ in error("users[2].email_addresses[0].email_address", .duplicate(of: "users[0].email_addresses[0].email_address")) }),
        RefusalCase(
            name: "one user with the same address twice",
            edit: { document, _ in
                var again = document.users[2].emailAddresses[0]
                again.id = "idn_again"
                document.users[2].emailAddresses.append(again)
            },
            expected: { _ in error("users[2].email_addresses[1].email_address", .duplicate(of: "users[2].email_addresses[0].email_address")) }),
        RefusalCase(
            name: "a username the server has, in another case", edit: { document, _ in document.users[2].username = "TAKEN_name" },
            expected: { error("users[2].username", .identifierTaken(byUserID: $0.id)) }),
        RefusalCase(
            name: "a username twice", edit: { document, _ in document.users[2].username = "mover00001" },
            expected: { _ in error("users[2].username", .duplicate(of: "users[1].username")) }),
        RefusalCase(
            name: "a phone number twice",
            edit: { document, _ in
                for index in 1...2 {
                    document.users[index].phoneNumbers = [
                        ExportedPhoneNumber(
                            id: "idn_phone\(index)", phoneNumber: "+14155552671", verified: true, awaitingVerification: false,
                            reservedForSecondFactor: false, defaultSecondFactor: false, createdAt: 0)
                    ]
                }
            },
            expected: { _ in error("users[2].phone_numbers[0].phone_number", .duplicate(of: "users[1].phone_numbers[0].phone_number")) }),
        RefusalCase(
            name: "an email address id twice", edit: { document, _ in document.users[2].emailAddresses[0].id = "idn_mover00000e" },
            expected: { _ in error("users[2].email_addresses[0].id", .duplicate(of: "users[0].email_addresses[0].id")) }),
        RefusalCase(
            name: "an email address id the server has", edit: { document, existing in document.users[2].emailAddresses[0].id = existing.emailAddressID! },
            expected: { error("users[2].email_addresses[0].id", .idTaken(byUserID: $0.id)) }),
        RefusalCase(
            name: "a malformed email address", edit: { document, _ in document.users[2].emailAddresses[0].emailAddress = "mover at example" },
            expected: { _ in error("users[2].email_addresses[0].email_address", .invalidEmailAddress) }),
        RefusalCase(
            name: "a malformed phone number",
            edit: { document, _ in
                document.users[2].phoneNumbers = [
                    ExportedPhoneNumber(
                        id: "idn_phone", phoneNumber: "555-0100", verified: true, awaitingVerification: false, reservedForSecondFactor: false,
                        defaultSecondFactor: false, createdAt: 0)
                ]
            },
            expected: { _ in error("users[2].phone_numbers[0].phone_number", .invalidPhoneNumber) }),
        RefusalCase(
            name: "a malformed username", edit: { document, _ in document.users[2].username = "ab" },
            expected: { _ in error("users[2].username", .invalidUsername) }),
        RefusalCase(
            name: "a malformed user id", edit: { document, _ in document.users[2].id = "user_mover-2" },
            expected: { _ in error("users[2].id", .invalidID, user: "user_mover-2") }),
        RefusalCase(
            name: "a password digest that is not bcrypt", edit: { document, _ in document.users[2].password?.digest = "vivid-otter-glides-42" },
            expected: { _ in error("users[2].password.digest", .invalidPasswordDigest) }),
        RefusalCase(
            name: "a bcrypt digest too costly to verify",
            edit: { document, _ in document.users[2].password?.digest = "$2b$31$" + digest.dropFirst(7) },
            expected: { _ in error("users[2].password.digest", .invalidPasswordDigest) }),
        RefusalCase(
            name: "another password hasher", edit: { document, _ in document.users[2].password?.hasher = "argon2" },
            expected: { _ in error("users[2].password.hasher", .unsupportedHasher) }),
        RefusalCase(
            name: "a TOTP secret that is not Base32", edit: { document, _ in document.users[2].totp?.secret = "not base32: 0189!" },
            expected: { _ in error("users[2].totp.secret", .invalidTOTPSecret) }),
        RefusalCase(
            name: "a backup code digest of 16 bytes",
            edit: { document, _ in document.users[2].backupCodes?.digests[1] = Data(repeating: 7, count: 16).base64EncodedString() },
            expected: { _ in error("users[2].backup_codes.digests[1]", .invalidBackupCodeDigest) }),
        RefusalCase(
            name: "a backup code digest that is not Base64", edit: { document, _ in document.users[2].backupCodes?.digests[0] = "%%%%" },
            expected: { _ in error("users[2].backup_codes.digests[0]", .invalidBackupCodeDigest) }),
        RefusalCase(
            name: "a backup code salt that is not Base64", edit: { document, _ in document.users[2].backupCodes?.salt = "" },
            expected: { _ in error("users[2].backup_codes.salt", .invalidBackupCodeSalt) }),
        RefusalCase(
            name: "another backup code hash", edit: { document, _ in document.users[2].backupCodes?.algorithm = "md5" },
            expected: { _ in error("users[2].backup_codes.hash", .unsupportedBackupCodeHash) }),
        RefusalCase(
            name: "a time before 1970", edit: { document, _ in document.users[2].createdAt = -1 },
            expected: { _ in error("users[2].created_at", .invalidTime) }),
        RefusalCase(
            name: "metadata that is not an object", edit: { document, _ in document.users[2].unsafeMetadata = .array([]) },
            expected: { _ in error("users[2].unsafe_metadata", .invalidMetadata) }),
        RefusalCase(
            name: "metadata over 8 KB",
            edit: { document, _ in document.users[2].unsafeMetadata = .object(["notes": .string(String(repeating: "x", count: 9000))]) },
            expected: { _ in error("users[2].unsafe_metadata", .invalidMetadata) }),
        RefusalCase(
            name: "a negative count of failed attempts",
            edit: { document, _ in document.users[2].lockout = ExportedLockout(failedAttempts: -1, lockedUntil: nil) },
            expected: { _ in error("users[2].lockout.failed_attempts", .attemptsOutOfRange(max: 100)) }),
        RefusalCase(
            name: "a count of failed attempts above lockout.max_attempts (Int.max would trap on the next failure)",
            edit: { document, _ in document.users[2].lockout = ExportedLockout(failedAttempts: .max, lockedUntil: nil) },
            expected: { _ in error("users[2].lockout.failed_attempts", .attemptsOutOfRange(max: 100)) }),
    ]

    @Test("Refused with the field named, nothing imported", arguments: cases)
    func refused(_ refusal: RefusalCase) async throws {
        try await Self.expectRefused(refusal)
    }

    /// Imports the valid document with the case's change into a server that has one user already.
    static func expectRefused(_ refusal: RefusalCase, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await withServer(movingSettings) { server in
            let existing = try await server.seedUser(SeedUser(emailAddress: "taken@example.com", username: "taken_name"))
            let before = await server.export().users
            var document = Self.valid
            refusal.edit(&document, existing)
            await #expect(throws: refusal.expected(existing), sourceLocation: sourceLocation) {
                try await server.core.store.perform(UserAdministration.self) { [document] in try $0.importUsers(document) }
            }
            #expect(await server.export().users == before, "a refused import changes nothing", sourceLocation: sourceLocation)
        }
    }

    static let unreadableCases: [UnreadableCase] = [
        UnreadableCase(
            name: "not JSON", data: { _ in Data("users: none".utf8) },
            expected: UserImportError(field: "", problem: .invalidJSON(JSONSyntax.problem(in: Data("users: none".utf8)) ?? "?"))),
        UnreadableCase(name: "a JSON array", data: { _ in Data("[]".utf8) }, expected: UserImportError(field: "", problem: .notJSON)),
        UnreadableCase(
            name: "another format", data: { try editedJSON($0) { $0["format"] = "auth0-users" } },
            expected: UserImportError(field: "format", problem: .unknownFormat)),
        UnreadableCase(
            name: "a later version", data: { try editedJSON($0) { $0["version"] = UserExportDocument.version + 1 } },
            expected: UserImportError(field: "version", problem: .unsupportedVersion)),
        UnreadableCase(
            name: "no format", data: { try editedJSON($0) { $0["format"] = nil } }, expected: UserImportError(field: "format", problem: .missing)),
        UnreadableCase(
            name: "a misspelt field", data: { try editedJSON($0) { $0.editUser(1) { $0["totp_secret"] = "JBSWY3DP" } } },
            expected: UserImportError(field: "users[1].totp_secret", problem: .unknownField)),
        UnreadableCase(
            name: "an unknown field of the document", data: { try editedJSON($0) { $0["source"] = "somewhere" } },
            expected: UserImportError(field: "source", problem: .unknownField)),
        UnreadableCase(
            name: "an unknown field of a password",
            data: { try editedJSON($0) { $0.editUser(0) { $0["password"] = ["hasher": "bcrypt", "digest": digest, "salt": "x"] } } },
            expected: UserImportError(field: "users[0].password.salt", problem: .unknownField)),
        UnreadableCase(
            name: "a missing field", data: { try editedJSON($0) { $0.editUser(1) { $0["created_at"] = nil } } },
            expected: UserImportError(field: "users[1].created_at", problem: .missing)),
        UnreadableCase(
            name: "a null id", data: { try editedJSON($0) { $0.editUser(1) { $0["id"] = NSNull() } } },
            expected: UserImportError(field: "users[1].id", problem: .missing)),
        UnreadableCase(
            name: "a string for a boolean",
            data: {
                try editedJSON($0) {
                    $0.editUser(1) { user in
                        var emails = user["email_addresses"] as? [[String: Any]] ?? []
                        emails[0]["verified"] = "yes"
                        user["email_addresses"] = emails
                    }
                }
            },
            expected: UserImportError(field: "users[1].email_addresses[0].verified", problem: .wrongType)),
        UnreadableCase(
            name: "an object for the users", data: { try editedJSON($0) { $0["users"] = [String: Any]() } },
            expected: UserImportError(field: "users", problem: .wrongType)),
    ]

    @Test("Read strictly: format and version first, no unknown or missing field, every type right", arguments: unreadableCases)
    func unreadable(_ refusal: UnreadableCase) throws {
        let data = try refusal.data(Self.valid)
        #expect(throws: refusal.expected) { try UserExportDocument.decode(from: data) }
    }

    @Test("Accepted as the server keeps it: addresses and secrets normalized, unverified addresses free to repeat")
    func normalizedOnImport() async throws {
        try await withServer(movingSettings) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: "taken@example.com"))
            var document = Self.valid
            document.users[0].emailAddresses[0].emailAddress = " Mover00000@EXAMPLE.com "
            document.users[0].totp?.secret = "jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp"
            document.users[1].emailAddresses.append(
                ExportedEmailAddress(id: "idn_added1", emailAddress: "taken@example.com", verified: false, awaitingVerification: true, createdAt: 0))
            document.users[2].emailAddresses.append(
                ExportedEmailAddress(id: "idn_added2", emailAddress: "taken@example.com", verified: false, awaitingVerification: true, createdAt: 0))
            let imported = try await server.core.store.perform(UserAdministration.self) { [document] in try $0.importUsers(document) }
            #expect(imported == 3)
            let users = await server.export().users
            #expect(users.first { $0.id == "user_mover00000" }?.emailAddresses[0].emailAddress == "mover00000@example.com")
            #expect(users.first { $0.id == "user_mover00000" }?.totp?.secret == Cast.totpSecret)
        }
    }

    @Test("Messages name the field and the user, never a value")
    func messages() {
        let error = UserImportError(field: "users[2].password.digest", userID: "user_abc", problem: .invalidPasswordDigest)
        #expect(error.description.hasPrefix("users[2].password.digest (user user_abc): is not a bcrypt digest"))
        #expect(UserImportError(field: "", problem: .notJSON).description == "the document: is not a JSON object")
        #expect(
            UserImportError(field: "users[1].username", userID: "user_b", problem: .duplicate(of: "users[0].username")).description
                == "users[1].username (user user_b): repeats users[0].username")
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The instances users move between: the MFA guide's settings with usernames on and Client Trust
/// off, so a password is the whole first factor and each user's second factor is their own.
var movingSettings: InstanceSettings {
    var settings = SettingsPreset.mfa.settings
    settings.username = UsernameSettings(enabled: true)
    settings.clientTrust = false
    return settings
}

/// A time with a fraction of a millisecond, which the export's milliseconds round.
let movingStart = Date(timeIntervalSince1970: 1_800_000_000.123_456)

/// Users with every factor the server keeps, seeded through the admin API.
struct Cast {
    static let totpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
    static let backupCodes = ["alpha-one-1", "bravo-two-2", "charlie-three-3"]
    /// Not a test number (those accept 424242 and get no message): its code is in the outbox.
    static let smsPhone = "+14155552671"

    /// Password, username, authenticator app with a known secret, backup codes with known codes.
    var authenticator: SeededUser
    /// Password, an email and a phone number that is the SMS second factor.
    var sms: SeededUser
    /// Password flagged compromised: the next session is pending with `reset-password`.
    var compromised: SeededUser
    /// Password and a phone number as identifier.
    var phoneOnly: SeededUser

    var all: [SeededUser] { [authenticator, sms, compromised, phoneOnly] }

    static func seed(on server: TestServer) async throws -> Cast {
        Cast(
            authenticator: try await server.seedUser(
                SeedUser(
                    emailAddress: Fixture.email("authenticator"), username: "ada_\(UUID().uuidString.prefix(6).lowercased())",
                    password: Fixture.password, firstName: "Ada", lastName: "Lovelace", totpSecret: totpSecret, backupCodes: backupCodes)),
            sms: try await server.seedUser(
                SeedUser(emailAddress: Fixture.email("sms"), phoneNumber: smsPhone, password: Fixture.password, phoneSecondFactor: true)),
            compromised: try await server.seedUser(
                SeedUser(emailAddress: Fixture.email("compromised"), password: Fixture.password, passwordCompromised: true)),
            phoneOnly: try await server.seedUser(SeedUser(phoneNumber: "+442079460958", password: Fixture.password)))
    }
}

extension TestServer {
    /// `GET /__local/admin/export`, checked to answer 200.
    func exportOverHTTP(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Data {
        let answer = try await client().send("GET", "/__local/admin/export")
        #expect(answer.status == 200, "\(answer.text)", sourceLocation: sourceLocation)
        return answer.data
    }

    func importOverHTTP(_ data: Data) async throws -> FAPIClient.Answer {
        try await client().send("POST", "/__local/admin/import", rawBody: data, contentType: "application/json")
    }

    func export() async -> UserExportDocument {
        await core.store.read(UserAdministration.self) { $0.exportUsers() }
    }
}

/// A document with one field changed, at the JSON level (for what the types cannot express:
/// unknown keys, wrong types, missing fields).
func editedJSON(_ document: UserExportDocument, _ edit: (inout [String: Any]) throws -> Void) throws -> Data {
    var object = try #require(try JSONSerialization.jsonObject(with: try document.encoded()) as? [String: Any])
    try edit(&object)
    return try JSONSerialization.data(withJSONObject: object)
}

extension [String: Any] {
    /// The user at `index` of a document object, changed in place.
    mutating func editUser(_ index: Int, _ edit: (inout [String: Any]) -> Void) {
        var users = self["users"] as? [[String: Any]] ?? []
        edit(&users[index])
        self["users"] = users
    }
}

/// A generated user for documents built in tests: one email, a username, a password digest
/// computed once by the caller, and optionally an authenticator and backup codes.
func generatedUser(
    _ number: Int, digest: String, createdAt: Int64 = 1_800_000_000_000, totpSecret: String? = nil, backupCodes: BackupCodeSet? = nil
) -> ExportedUser {
    let name = "mover\(String(format: "%05d", number))"
    return ExportedUser(
        id: "user_\(name)", username: name, firstName: "Mover", lastName: "\(number)",
        emailAddresses: [
            ExportedEmailAddress(id: "idn_\(name)e", emailAddress: "\(name)@example.com", verified: true, awaitingVerification: false, createdAt: createdAt)
        ],
        phoneNumbers: [],
        password: ExportedPassword(hasher: "bcrypt", digest: digest, updatedAt: createdAt), passwordCompromised: false,
        totp: totpSecret.map { ExportedTOTP(id: nil, secret: $0, enabledAt: nil, lastUsedStep: nil) },
        backupCodes: backupCodes.map { set in
            ExportedBackupCodes(
                algorithm: "sha256", salt: Data(set.salt).base64EncodedString(), digests: set.unused.map { Data($0).base64EncodedString() })
        },
        lockout: nil, unsafeMetadata: .object(["plan": .string("pro")]), legalAcceptedAt: nil, mfaEnabledAt: nil, lastSignInAt: nil,
        createdAt: createdAt, updatedAt: createdAt)
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// An import is checked by the rules every other path applies: an identifier, names
/// (`UserFieldRules`), the TOTP secret's size, verified second-factor phones, and a bcrypt cost no
/// higher than 12 (what real systems use; see `LocalServer.md`).
@Suite("Security: imports follow the rules of every other path")
struct ImportValidationTests {
    static func error(_ field: String, _ problem: UserImportError.Problem) -> UserImportError {
        UserImportError(field: field, userID: "user_mover00002", problem: problem)
    }

    static let unverifiedReserved = ExportedPhoneNumber(
        id: "idn_phone", phoneNumber: "+14155552671", verified: false, awaitingVerification: true, reservedForSecondFactor: true,
        defaultSecondFactor: false, createdAt: 0)

    static let cases: [RefusalCase] = [
        RefusalCase(
            name: "a user with no identifier",
            edit: { document, _ in
                document.users[2].emailAddresses = []
                document.users[2].username = nil
            },
            expected: { _ in error("users[2].email_addresses", .noIdentifier) }),
        RefusalCase(
            name: "a 100,000-character TOTP secret", edit: { document, _ in document.users[2].totp?.secret = String(repeating: "A", count: 100_000) },
            expected: { _ in error("users[2].totp.secret", .invalidTOTPSecret) }),
        RefusalCase(
            name: "a 100,000-character first name", edit: { document, _ in document.users[2].firstName = String(repeating: "n", count: 100_000) },
            expected: { _ in error("users[2].first_name", .invalidName) }),
        RefusalCase(
            name: "a last name with a control character", edit: { document, _ in document.users[2].lastName = "Mover\u{1b}[2J" },
            expected: { _ in error("users[2].last_name", .invalidName) }),
        RefusalCase(
            name: "an unverified phone reserved as second factor", edit: { document, _ in document.users[2].phoneNumbers = [unverifiedReserved] },
            expected: { _ in error("users[2].phone_numbers[0].reserved_for_second_factor", .unverifiedSecondFactor) }),
        RefusalCase(
            name: "a bcrypt digest at cost 13, above the 12 an import takes",
            edit: { document, _ in document.users[2].password?.digest = "$2b$13$" + UserImportRefusalTests.digest.dropFirst(7) },
            expected: { _ in error("users[2].password.digest", .invalidPasswordDigest) }),
        RefusalCase(
            name: "a bcrypt digest at cost 14",
            edit: { document, _ in document.users[2].password?.digest = "$2b$14$" + UserImportRefusalTests.digest.dropFirst(7) },
            expected: { _ in error("users[2].password.digest", .invalidPasswordDigest) }),
    ]

    @Test("Refused with the field named, nothing imported", arguments: cases)
    func refused(_ refusal: RefusalCase) async throws {
        try await UserImportRefusalTests.expectRefused(refusal)
    }
}

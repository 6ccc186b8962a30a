import ClerkLocalServer
import Foundation

/// Export documents of many users, each a copy of one seeded user (a verified email, a bcrypt
/// digest, an authenticator secret and ten backup codes) with its own id, email and identification
/// ids: one bcrypt hash in all, however many users.
struct UsersDocument: Sendable {
    /// The template user's JSON object, as text.
    private let userText: String
    /// The rest of the document (its format and version), without users.
    private let envelope: [String: any Sendable]
    /// The template's ids, which each copy changes.
    private let ids: [String]

    private static let templateEmail = "template@example.com"

    static func template() async throws -> UsersDocument {
        let template = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode)
        _ = try await template.seedUser(
            SeedUser(
                emailAddress: templateEmail, password: BenchmarkInstance.userPassword, generateTOTPSecret: true,
                generateBackupCodes: true))
        let exported = try await template.exportUsers().encoded()
        await template.shutdown()
        guard let object = try JSONSerialization.jsonObject(with: exported) as? [String: any Sendable],
            let user = (object["users"] as? [[String: Any]])?.first
        else { throw BenchmarkError("the export has no user") }
        var envelope = object
        envelope["users"] = nil
        return UsersDocument(
            userText: String(decoding: try JSONSerialization.data(withJSONObject: user), as: UTF8.self), envelope: envelope,
            ids: identifiers(in: user))
    }

    /// A document of the users numbered `range` (`BenchmarkInstance.email(n)` each).
    func users(_ range: Range<Int>) throws -> Data {
        var object: [String: Any] = envelope
        object["users"] = try range.map { index in
            var copy = userText.replacingOccurrences(of: Self.templateEmail, with: BenchmarkInstance.email(index))
            for id in ids { copy = copy.replacingOccurrences(of: id, with: id + "x\(index)") }
            return try JSONSerialization.jsonObject(with: Data(copy.utf8))
        }
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// The user's own id and its email and TOTP ids.
    private static func identifiers(in user: [String: Any]) -> [String] {
        var ids = [user["id"] as? String]
        ids += (user["email_addresses"] as? [[String: Any]] ?? []).map { $0["id"] as? String }
        ids.append((user["totp"] as? [String: Any])?["id"] as? String)
        return ids.compactMap { $0 }
    }
}

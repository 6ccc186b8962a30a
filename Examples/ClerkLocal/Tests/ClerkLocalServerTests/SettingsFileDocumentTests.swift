import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore

/// `Docs/settings-file.md` and the Presets section of the local server's DocC article against the code:
/// every preset listed, every key of a settings file shown, so that neither can drift from the server.
@Suite("The settings file's documentation")
struct SettingsFileDocumentTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let document = package.appendingPathComponent("Docs/settings-file.md")
    static let article = package.appendingPathComponent("../../Sources/Clerk/Clerk.docc/LocalServer.md").standardizedFileURL

    @Test("the preset table lists every preset, in the server's order")
    func presetTable() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let listed = text.split(separator: "\n").compactMap { line in line.firstMatch(of: /^\| `([a-z-]+)`/).map { String($0.1) } }
        #expect(listed == SettingsPreset.allCases.map(\.rawValue))
    }

    @Test("the local server article's Presets section names every preset")
    func articlePresets() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let start = try #require(text.range(of: "## Presets\n"))
        let section = text[start.upperBound...].prefix { $0 != "#" }
        for preset in SettingsPreset.allCases {
            #expect(section.contains("`\(preset.rawValue)`"), "LocalServer.md's Presets section lacks \(preset.rawValue)")
        }
    }

    @Test("the commented example shows every key a settings file can hold")
    func everyKey() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try #require(text.range(of: "```jsonc\n"))
        let block = text[start.upperBound...].prefix { $0 != "`" }
        var settings = SettingsPreset.all.settings
        settings.reverification = ReverificationSettings(maxAgeSeconds: 600)
        settings.jwtTemplates = [JWTTemplate(name: "hasura", lifetimeSeconds: 300, claims: ["uid": .string("{{user.id}}")])]
        settings.identityProviders?.apple?.jwksURL = "https://appleid.apple.com/auth/keys"
        let json = try JSONSerialization.jsonObject(with: SettingsLoader.encode(settings))
        let keys = Self.keys(of: json)
        #expect(keys.count > 60, "the walk found the keys")
        for key in keys.sorted() {
            #expect(block.contains("\"\(key)\":"), "settings-file.md does not show \(key)")
        }
        for key in ["client_secret", "discovery_url", "authorization_endpoint", "token_endpoint", "jwks_uri", "userinfo_endpoint", "jwks"] {
            #expect(block.contains("\"\(key)\""), "settings-file.md does not name \(key)")
        }
    }

    /// Every object key at any depth, leaving out user data (a template's claims).
    static func keys(of value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { keys, entry in
                if entry.key != "claims" { keys.formUnion(Self.keys(of: entry.value)) }
            }
        }
        if let array = value as? [Any] { return array.reduce(into: Set<String>()) { $0.formUnion(keys(of: $1)) } }
        return []
    }
}

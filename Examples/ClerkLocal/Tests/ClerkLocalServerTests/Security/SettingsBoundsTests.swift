import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Every numeric setting is bounded when settings are read: an extreme lifetime would overflow
/// the first time a token's `exp` is computed and stop the process.
@Suite("Security: numeric settings are bounded")
struct SettingsBoundsTests {
    static let extremes = [
        #"{"sessions": {"token_lifetime_seconds": 9223372036854775807}}"#,
        #"{"sessions": {"lifetime_seconds": 9223372036854775807}}"#,
        #"{"sessions": {"inactivity_timeout_seconds": 9223372036854775807}}"#,
        #"{"jwt_templates": [{"name": "hasura", "lifetime_seconds": 9223372036854775807, "claims": {}}]}"#,
        #"{"codes": {"lifetime_seconds": 9223372036854775807}}"#,
        #"{"lockout": {"duration_seconds": 9223372036854775807}}"#,
        #"{"rate_limits": {"per_client": {"requests": 10, "window_seconds": 9223372036854775807}}}"#,
        #"{"reverification": {"max_age_seconds": 9223372036854775807}}"#,
    ]

    @Test("Int.max in a numeric setting is refused with the setting named", arguments: extremes)
    func extremeRefused(_ json: String) {
        #expect {
            try SettingsLoader.load(json: Data(json.utf8))
        } throws: { error in
            "\(error)".contains("must be between")
        }
    }

    @Test("The Swift API refuses them too, before anything listens")
    func swiftAPI() async {
        var settings = SettingsPreset.emailPassword.settings
        settings.sessions.tokenLifetimeSeconds = .max
        await #expect(throws: SettingsLoader.LoadError.self) { try await LocalFrontendAPI.start(settings: settings) }
        var template = SettingsPreset.emailPassword.settings
        template.jwtTemplates = [JWTTemplate(name: "hasura", lifetimeSeconds: .max)]
        await #expect(throws: SettingsLoader.LoadError.self) { try await LocalFrontendAPI.start(settings: template) }
    }

    @Test("What relates two settings is checked after the bounds: a minimum password length above the maximum")
    func minimumAboveMaximum() {
        #expect {
            try SettingsLoader.load(json: Data(#"{"password": {"min_length": 20, "max_length": 12}}"#.utf8))
        } throws: { error in
            "\(error)" == "password.min_length cannot exceed password.max_length"
        }
    }

    @Test("Every preset is within the bounds")
    func presets() throws {
        for preset in SettingsPreset.allCases {
            try SettingsBounds.check(preset.settings)
        }
    }
}

import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Settings")
struct SettingsTests {
    @Test("Every preset is valid", arguments: SettingsPreset.allCases)
    func presetsAreValid(preset: SettingsPreset) throws {
        try SettingsLoader.validate(preset.settings)
    }

    @Test("The guides' dashboard choices: phone code has email off, client-trust-phone has email off and password on")
    func presetChoices() {
        #expect(!SettingsPreset.phoneCode.settings.emailAddress.enabled)
        #expect(!SettingsPreset.phoneCode.settings.password.enabled)
        #expect(SettingsPreset.clientTrustPhone.settings.password.enabled)
        #expect(!SettingsPreset.clientTrustPhone.settings.emailAddress.enabled)
        #expect(SettingsPreset.clientTrust.settings.clientTrust)
        #expect(SettingsPreset.mfa.settings.mfa.authenticatorApp && SettingsPreset.mfa.settings.mfa.backupCodes && SettingsPreset.mfa.settings.mfa.phoneCode)
        #expect(SettingsPreset.signInOrUp.settings.legalConsentRequired)
    }

    @Test("A settings file names a preset and overrides nested settings")
    func fileOverrides() throws {
        let json = #"{"preset": "mfa", "client_trust": false, "lockout": {"max_attempts": 5}, "rate_limits": {"per_client": {"requests": 9}}}"#
        let settings = try SettingsLoader.load(json: Data(json.utf8))
        #expect(settings.mfa.authenticatorApp)
        #expect(!settings.clientTrust)
        #expect(settings.lockout.maxAttempts == 5)
        #expect(settings.lockout.durationSeconds == 3600)
        #expect(settings.rateLimits.perClient.requests == 9)
        #expect(settings.rateLimits.perClient.windowSeconds == 60)
    }

    @Test("A preset given by the caller wins over the file's; the file's overrides still apply")
    func callerPresetWins() throws {
        let json = #"{"preset": "phone-code", "lockout": {"max_attempts": 7}}"#
        let settings = try SettingsLoader.load(json: Data(json.utf8), basePreset: .mfa)
        #expect(settings.mfa.authenticatorApp)
        #expect(settings.lockout.maxAttempts == 7)
    }

    @Test("Unknown settings, unknown presets and inconsistent settings are refused")
    func refusals() {
        #expect(throws: SettingsLoader.LoadError.self) { try SettingsLoader.load(json: Data(#"{"client_trsut": true}"#.utf8)) }
        #expect(throws: SettingsLoader.LoadError.self) { try SettingsLoader.load(json: Data(#"{"preset": "nope"}"#.utf8)) }
        #expect(throws: SettingsLoader.LoadError.self) {
            try SettingsLoader.load(json: Data(#"{"preset": "phone-code", "mfa": {"backup_codes": true}}"#.utf8))
        }
        #expect(throws: SettingsLoader.LoadError.self) { try SettingsLoader.load(json: Data("[]".utf8)) }
    }

    @Test("Settings round-trip through their file form")
    func roundTrip() throws {
        let settings = SettingsPreset.signInOrUp.settings
        #expect(try SettingsLoader.load(json: SettingsLoader.encode(settings)) == settings)
    }

    @Test("The dashboard's switch puts the settings, the password policy and the presenters in effect together, each built once per switch")
    func switchIsOneStep() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let core = server.core
            let before = core.presentation
            #expect(core.presentation.generation == before.generation, "reading again builds nothing new")
            #expect(before.wire.settings == SettingsPreset.emailPassword.settings)

            #expect(try await DashboardBrowser(server).post("/preset", [("preset", "phone-code")]).status == 303)
            let snapshot = core.store.settingsSnapshot
            #expect(snapshot.generation == before.generation + 1)
            #expect(snapshot.settings == SettingsPreset.phoneCode.settings)
            #expect(snapshot.passwordPolicy.settings == SettingsPreset.phoneCode.settings.password)
            let after = core.presentation
            #expect(after.generation == snapshot.generation && core.presentation.generation == after.generation)
            #expect(after.wire.settings == SettingsPreset.phoneCode.settings && after.environment.settings == SettingsPreset.phoneCode.settings)
            #expect(after.wire.issuer == core.baseURL && after.environment.baseURL == core.baseURL)

            let environment = try await server.client().send("GET", "/v1/environment")
            let attributes = try #require((environment.json["user_settings"] as? [String: Any])?["attributes"] as? [String: Any])
            #expect((attributes["phone_number"] as? [String: Any])?["enabled"] as? Bool == true)
            #expect((attributes["email_address"] as? [String: Any])?["enabled"] as? Bool == false)
        }
    }
}

import ClerkAPI
import Foundation
import Testing

/// Environments of older API versions lack the sections the 2026-05-12 spec added; they still decode,
/// with those sections absent, and round-trip without gaining any.
@Suite struct OlderEnvironmentTests {
    @Test func sectionsTheOlderAnswerLacksAreAbsent() throws {
        let environment = try JSONDecoder().decode(EnvironmentResource.self, from: Data(Payloads.olderEnvironment.utf8))
        #expect(environment.authConfig?.nativeSettings == nil)
        #expect(environment.displayConfig?.userProfileURL == nil && environment.displayConfig?.captchaOauthBypass == nil)
        #expect(environment.displayConfig?.theme == ["general": [:]])
        let userSettings = try #require(environment.userSettings)
        #expect(userSettings.passkeySettings == nil && userSettings.restrictions == nil && userSettings.usernameSettings == nil)
        #expect(userSettings.social == nil && userSettings.signIn == nil && userSettings.attackProtection == nil)
        #expect(environment.organizationSettings?.enabled == false && environment.organizationSettings?.actions == nil)
        // The older billing section has keys of its own (`enabled`), none of which the spec's names.
        #expect(environment.commerceSettings?.billing == BillingSettings())
        #expect(environment.fraudSettings == nil && environment.apiKeysSettings == nil && environment.protectConfig == nil)

        let reencoded = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(environment))
        #expect(reencoded["auth_config"]?["native_settings"] == .null)
        #expect(reencoded["user_settings"]?["passkey_settings"] == .null)
        #expect(reencoded["fraud_settings"] == nil)
    }

    @Test func socialProvidersDecodeByStrategy() throws {
        let json = #"""
            {"user_settings":{"social":{"oauth_google":{"enabled":true,"required":false,"authenticatable":true,
            "block_email_subaddresses":false,"strategy":"oauth_google","not_selectable":false,"deprecated":false,
            "name":"Google","logo_url":null}},"username_settings":{"min_length":null,"max_length":64,
            "allow_extended_special_characters":false,"allow_numeric_usernames":true}}}
            """#
        let userSettings = try #require(try JSONDecoder().decode(EnvironmentResource.self, from: Data(json.utf8)).userSettings)
        let google = try #require(userSettings.social?["oauth_google"])
        #expect(google.enabled == true && google.isDeprecated == false && google.name == "Google" && google.logoURL == nil)
        #expect(userSettings.usernameSettings?.minLength == nil && userSettings.usernameSettings?.maxLength == 64)
        #expect(userSettings.usernameSettings?.allowNumericUsernames == true)
    }
}

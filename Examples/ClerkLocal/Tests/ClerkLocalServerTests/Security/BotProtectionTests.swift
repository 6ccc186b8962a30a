import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Bot sign-up protection: the environment advertises Turnstile's test site key, and a sign-up create
/// needs the test token; every refusal leaves the client without a sign-up and sends nothing.
@Suite("Bot sign-up protection (guide: bot-sign-up-protection)")
struct BotProtectionTests {
    static var protected: InstanceSettings {
        var settings = SettingsPreset.emailCode.settings
        settings.botProtection = BotProtectionSettings(enabled: true, widgetType: .invisible)
        return settings
    }

    @Test("the environment says a captcha is needed, with which widget, key and bypassing strategies")
    func environment() async throws {
        var settings = Self.protected
        settings.oauthProviders = SettingsPreset.social.settings.oauthProviders
        try await withServer(settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.signUp?.captchaEnabled == true)
            #expect(environment.userSettings?.signUp?.captchaWidgetType == "invisible")
            let display = try #require(environment.displayConfig)
            #expect(display.captchaPublicKey == BotProtectionSettings.testSiteKey)
            #expect(display.captchaPublicKeyInvisible == BotProtectionSettings.testSiteKey)
            #expect(display.captchaProvider == "turnstile")
            #expect(display.captchaWidgetType == "invisible")
            #expect(display.captchaOauthBypass?.contains("oauth_google") == true)
        }
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.signUp?.captchaEnabled == false)
            #expect(environment.displayConfig?.captchaPublicKey == nil)
        }
    }

    @Test("a missing token, a widget's error and a wrong token are refused with Clerk's codes, changing nothing")
    func refusals() async throws {
        try await withServer(Self.protected) { server in
            let device = server.client()
            let email = Fixture.email("bot")
            expectError(try await device.signUp([("email_address", email)]), status: 400, code: "captcha_missing_token")
            expectError(try await device.signUp([("email_address", email), ("captcha_token", "")]), status: 400, code: "captcha_missing_token")
            expectError(
                try await device.signUp([("email_address", email), ("captcha_token", "forged.token")]), status: 400, code: "captcha_invalid")
            expectError(
                try await device.signUp([("email_address", email), ("captcha_error", "300030")]), status: 400, code: "captcha_invalid")
            #expect(device.token == nil, "no refusal created a client")
            #expect(server.outbox(to: email).isEmpty)

            let accepted = try await device.signUp([
                ("email_address", email), ("captcha_token", BotProtectionSettings.acceptedToken), ("captcha_widget_type", "invisible"),
            ])
            #expect(accepted.status == 200, "\(String(decoding: accepted.data, as: UTF8.self))")
            #expect(try accepted.signUp.emailAddress == email)
        }
    }

    @Test("an update needs no token, and with protection off a create needs none")
    func onlyCreates() async throws {
        try await withServer(Self.protected) { server in
            let device = server.client()
            let created = try await device.signUp([("email_address", Fixture.email("bot")), ("captcha_token", BotProtectionSettings.acceptedToken)])
            let updated = try await device.send("PATCH", "/v1/client/sign_ups/\(try created.signUp.id)", form: [("first_name", "Ada")])
            #expect(updated.status == 200, "\(String(decoding: updated.data, as: UTF8.self))")
        }
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let created = try await server.client().signUp([("email_address", Fixture.email("bot"))])
            #expect(created.status == 200)
        }
    }

    @Test("a transfer from a code sign-in needs the token; the settings file reads bot_protection")
    func transferAndSettings() async throws {
        var settings = Self.protected
        settings.signUpMode = .public
        try await withServer(settings) { server in
            let device = server.client()
            let email = Fixture.testEmail("transfer")
            let signIn = try await device.signIn([("identifier", email), ("strategy", "email_code"), ("sign_up_if_missing", "true")]).signIn
            let attempt = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", "424242")])
            expectError(attempt, status: 404, code: "sign_up_if_missing_transfer")
            expectError(try await device.signUp([("transfer", "true")]), status: 400, code: "captcha_missing_token")
            let transferred = try await device.signUp([("transfer", "true"), ("captcha_token", BotProtectionSettings.acceptedToken)])
            #expect(transferred.status == 200, "\(String(decoding: transferred.data, as: UTF8.self))")
        }
        let loaded = try SettingsLoader.load(json: Data(#"{ "bot_protection": { "enabled": true } }"#.utf8))
        #expect(loaded.botProtection == BotProtectionSettings(enabled: true, widgetType: .smart))
        #expect(throws: SettingsLoader.LoadError.self) {
            try SettingsLoader.load(json: Data(#"{ "bot_protection": { "enabled": true, "widget": "smart" } }"#.utf8))
        }
    }
}

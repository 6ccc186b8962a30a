import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("OAuth: oauth_providers settings")
struct OAuthSettingsTests {
    @Test("Read from a file, written back the same; the social preset's built-in provider survives the round trip")
    func roundTrip() throws {
        let json =
            #"{"preset":"social","oauth_providers":{"google":{"client_id":"c","client_secret":"s","discovery_url":"https://accounts.google.com/.well-known/openid-configuration"}}}"#
        let settings = try SettingsLoader.load(json: Data(json.utf8))
        #expect(settings.oauthProviders?.google?.discoveryURL == "https://accounts.google.com/.well-known/openid-configuration")
        #expect(settings.oauthProviders?.google?.builtIn == false)
        #expect(try SettingsLoader.load(json: SettingsLoader.encode(settings)) == settings)
        #expect(try SettingsLoader.load(json: SettingsLoader.encode(SettingsPreset.social.settings)) == SettingsPreset.social.settings)
        #expect(try SettingsLoader.load(json: Data(#"{"preset":"social","oauth_providers":null}"#.utf8)).oauthProviders == nil)
    }

    @Test(
        "Refused with a clear error",
        arguments: [
            (#"{"github":{"client_id":"c","client_secret":"s","built_in":true}}"#, "unknown OAuth provider 'github'"),
            (#"{"google":{"client_id":"c","client_secret":"s","built_in":true,"scope":"x"}}"#, "unknown setting 'oauth_providers.google.scope'"),
            (#"{"google":{"client_id":"c","client_secret":"s"}}"#, "needs exactly one of built_in, discovery_url and the endpoints"),
            (
                #"{"google":{"client_id":"c","client_secret":"s","built_in":true,"discovery_url":"https://a.example/d"}}"#,
                "needs exactly one of built_in"
            ),
            (#"{"google":{"client_id":"c","client_secret":"s","token_endpoint":"https://a.example/t"}}"#, "are all needed without discovery_url"),
            (#"{"google":{"client_id":"c","client_secret":"s","discovery_url":"ftp://a.example/d"}}"#, "is not an http(s) URL"),
            (#"{"google":{"client_id":"c","client_secret":"","built_in":true}}"#, "client_secret is empty"),
        ])
    func refused(_ providers: String, _ message: String) {
        let json = #"{"preset":"social","oauth_providers":\#(providers)}"#
        do {
            _ = try SettingsLoader.load(json: Data(json.utf8))
            Issue.record("\(providers) was accepted")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}

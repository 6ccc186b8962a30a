import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Passkeys: the setting")
struct PasskeySettingsTests {
    private func refusal(_ json: String) -> String? {
        do {
            _ = try SettingsLoader.load(json: Data(json.utf8))
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test("passkeys is read over a preset with its defaults, kept through encoding, turned off by null")
    func reading() throws {
        let settings = try SettingsLoader.load(
            json: Data(#"{"passkeys": {"rp_id": "example.com", "origins": ["https://example.com", "https://app.example.com:8443"]}}"#.utf8))
        #expect(settings.passkeys == PasskeySettings(rpID: "example.com", origins: ["https://example.com", "https://app.example.com:8443"]))
        #expect(settings.passkeys?.maxPerUser == 10)
        #expect(settings.passkeys?.satisfiesSecondFactor == true)
        #expect(try SettingsLoader.load(json: SettingsLoader.encode(settings)) == settings)

        let preset = try SettingsLoader.load(json: Data(#"{"preset": "passkeys"}"#.utf8))
        #expect(preset.passkeys == PasskeySettings(rpID: "localhost", origins: ["http://localhost", "https://localhost"]))
        #expect(preset.clientTrust == false)
        #expect(try SettingsLoader.load(json: SettingsLoader.encode(preset)) == preset)
        #expect(try SettingsLoader.load(json: Data(#"{"preset": "passkeys", "passkeys": null}"#.utf8)).passkeys == nil)
        let tuned = try SettingsLoader.load(
            json: Data(
                #"{"preset": "passkeys", "passkeys": {"rp_id": "localhost", "origins": ["http://localhost:3000"], "max_per_user": 3, "satisfies_second_factor": false, "require_user_verification": false}}"#
                    .utf8))
        #expect(tuned.passkeys?.maxPerUser == 3)
        #expect(tuned.passkeys?.satisfiesSecondFactor == false)
        #expect(tuned.passkeys?.requireUserVerification == false)
        #expect(preset.passkeys?.requireUserVerification == true)
    }

    @Test("Bad passkeys settings are refused, each with what is wrong")
    func refusals() {
        let cases: [(String, String)] = [
            (#"{"passkeys": {"rp_id": "https://example.com", "origins": ["https://example.com"]}}"#, "is not a domain"),
            (#"{"passkeys": {"rp_id": "Example.com", "origins": ["https://example.com"]}}"#, "is not a domain"),
            (#"{"passkeys": {"rp_id": "example.com", "origins": []}}"#, "origins is empty"),
            (#"{"passkeys": {"rp_id": "example.com", "origins": ["https://example.org"]}}"#, "is not on rp_id example.com"),
            (#"{"passkeys": {"rp_id": "example.com", "origins": ["https://notexample.com"]}}"#, "is not on rp_id example.com"),
            (#"{"passkeys": {"rp_id": "example.com", "origins": ["http://example.com"]}}"#, "must be https"),
            (#"{"passkeys": {"rp_id": "example.com", "origins": ["https://example.com/app"]}}"#, "is not an origin"),
            (#"{"passkeys": {"rp_id": "example.com"}}"#, "passkeys.origins is required"),
            (#"{"passkeys": {"origins": ["https://example.com"]}}"#, "passkeys.rp_id is required"),
            (#"{"passkeys": {"rp_id": "example.com", "origins": ["https://example.com"], "rpid": "x"}}"#, "unknown setting 'passkeys.rpid'"),
            (#"{"passkeys": {"rp_id": "example.com", "origins": ["https://example.com"], "max_per_user": 0}}"#, "max_per_user"),
            (#"{"passkeys": ["example.com"]}"#, "passkeys must be an object"),
        ]
        for (json, message) in cases {
            let refusal = refusal(json)
            #expect(refusal?.contains(message) == true, "\(json): \(refusal ?? "accepted")")
        }
    }
}

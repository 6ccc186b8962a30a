import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Session re-verification: the setting, and the session's record as stored")
struct ReverificationSettingsTests {
    @Test("reverification.max_age_seconds is read over a preset, kept through encoding, off when absent or null, bounded, its keys checked")
    func setting() throws {
        let set = try SettingsLoader.load(json: Data(#"{"preset": "mfa", "reverification": {"max_age_seconds": 300}}"#.utf8))
        #expect(set.reverification == ReverificationSettings(maxAgeSeconds: 300))
        #expect(set.mfa == SettingsPreset.mfa.settings.mfa)
        let kept = try SettingsLoader.load(json: SettingsLoader.encode(set))
        #expect(kept == set, "kept settings load as they were")
        #expect(String(decoding: try SettingsLoader.encode(set), as: UTF8.self).contains(#""max_age_seconds" : 300"#))

        #expect(try SettingsLoader.load(json: Data(#"{"client_trust": false}"#.utf8)).reverification == nil)
        #expect(try SettingsLoader.load(json: Data(#"{"reverification": null}"#.utf8)).reverification == nil)
        #expect(!String(decoding: try SettingsLoader.encode(SettingsPreset.emailPassword.settings), as: UTF8.self).contains("reverification"))

        for (json, message) in [
            (#"{"reverification": {"max_age_seconds": 0}}"#, "reverification.max_age_seconds must be between 1 and 86400 (it is 0)"),
            (#"{"reverification": {}}"#, "reverification.max_age_seconds must be between 1 and 86400 (it is 0)"),
            (#"{"reverification": {"max_age": 60}}"#, "unknown setting 'reverification.max_age'"),
        ] {
            #expect(throws: SettingsLoader.LoadError.self, "\(json)") { try SettingsLoader.load(json: Data(json.utf8)) }
            do {
                _ = try SettingsLoader.load(json: Data(json.utf8))
            } catch let error as SettingsLoader.LoadError {
                #expect(error.description == message)
            }
        }
        #expect(throws: SettingsLoader.LoadError.self) { try SettingsLoader.load(json: Data(#"{"reverification": 60}"#.utf8)) }
    }

    @Test("A session stored before re-verification existed (no `reverification` key) still loads")
    func storedSessionWithoutTheField() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let record = SessionRecord(
            id: "sess_1", clientID: "client_1", userID: "user_1", status: .active, tasks: [], firstFactorVerifiedAt: now,
            secondFactorVerifiedAt: nil, lastActiveAt: now, expireAt: now, abandonAt: now, createdAt: now, updatedAt: now)
        let encoded = try JSONEncoder().encode(record)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["reverification"] == nil, "an unset field is not written")
        let decoded = try JSONDecoder().decode(SessionRecord.self, from: encoded)
        #expect(decoded.reverification == nil && decoded.firstFactorVerifiedAt == now)
    }
}

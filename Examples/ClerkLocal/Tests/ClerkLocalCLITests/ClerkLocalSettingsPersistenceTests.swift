import ClerkLocalTesting
import Foundation
import Testing

/// `clerk-local` with a data directory keeps the settings in effect: a preset switched on the
/// dashboard is still in effect after a restart without --preset, and the users are still there.
@Suite("clerk-local: a switched preset is kept")
struct ClerkLocalSettingsPersistenceTests {
    @Test("switch to phone-code on the dashboard, restart without --preset: phone-code, named in the banner, users kept")
    func switchedPresetSurvivesRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-data-\(UUID().uuidString)")
        let first = try ClerkLocalProcess(["--port", "0", "--quiet", "--data-dir", directory.path])
        _ = try first.banner()
        let base = try #require(first.baseURL)
        let seeded = try await HTTP.send(
            "POST", base + "/__local/admin/users", contentType: "application/json",
            body: #"{"email_address": "kept@example.com", "phone_number": "+12025550123"}"#)
        #expect(seeded.status == 201)
        let page = String(decoding: try await HTTP.send("GET", base + "/__local/dashboard").body, as: UTF8.self)
        let token = try #require(page.firstMatch(of: /name="token" value="([^"]+)"/)).1
        let switched = try await HTTP.send(
            "POST", base + "/__local/dashboard/preset", contentType: "application/x-www-form-urlencoded",
            body: "token=\(token)&preset=phone-code", headers: ["Origin": base])
        // 200 when URLSession followed the 303 back to the page.
        #expect(switched.status == 200 || switched.status == 303, "\(switched.status)")
        first.stop()

        let second = try ClerkLocalProcess(["--port", "0", "--quiet", "--data-dir", directory.path])
        defer { second.stop() }
        let banner = try second.banner()
        #expect(banner.contains("preset            phone-code (") && banner.contains("kept in \(directory.path)"), Comment(rawValue: banner))
        let restarted = try #require(second.baseURL)
        let environment = try await HTTP.send("GET", restarted + "/v1/environment")
        let attributes = try #require((environment.json["user_settings"] as? [String: Any])?["attributes"] as? [String: Any])
        #expect((attributes["phone_number"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect((attributes["email_address"] as? [String: Any])?["enabled"] as? Bool == false)
        let users = try await HTTP.send("GET", restarted + "/__local/admin/users")
        #expect((users.json["users"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [try #require(seeded.json["id"] as? String)])
    }
}

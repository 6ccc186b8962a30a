import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// The instance's settings live with its state in the data directory: a preset switched on the
/// dashboard is the one a restart carries on with, and settings given at start replace it.
@Suite("Persistence: the settings in effect are kept")
struct SettingsPersistenceTests {
    @Test("A preset switched on the dashboard survives a restart that names no settings, users kept")
    func switchedPresetSurvivesRestart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let email = Fixture.email()
        let first = try await SQLiteStorage(directory: directory)
        try await withServer(SettingsPreset.emailPassword.settings, storage: first) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: email, phoneNumber: "+12025550123"))
            #expect(try await DashboardBrowser(server).post("/preset", [("preset", "phone-code")]).status == 303)
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            #expect(server.core.settings == SettingsPreset.phoneCode.settings)
            #expect(await server.core.store.users.values.map(\.primaryEmail?.address) == [email], "the user was kept")
            let environment = try await server.client().send("GET", "/v1/environment")
            let attributes = try #require((environment.json["user_settings"] as? [String: Any])?["attributes"] as? [String: Any])
            #expect((attributes["phone_number"] as? [String: Any])?["enabled"] as? Bool == true)
            #expect((attributes["email_address"] as? [String: Any])?["enabled"] as? Bool == false)
        }
        await second.close()

        let third = try await SQLiteStorage(directory: directory)
        try await withServer(SettingsPreset.mfa.settings, storage: third) { server in
            #expect(server.core.settings == SettingsPreset.mfa.settings, "settings given at start win")
        }
        await third.close()
        let fourth = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: fourth) { server in
            #expect(server.core.settings == SettingsPreset.mfa.settings, "and are kept in place of the switched ones")
        }
        await fourth.close()
    }

    @Test("A confirmed switch that deletes everything reaches storage as one batch: the reset with the new settings")
    func switchAndResetInOneBatch() async throws {
        let storage = GatedStorage()
        storage.release()
        try await withServer(storage: storage) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email()))
            let before = storage.batches.count
            let answer = try await DashboardBrowser(server).post(
                "/preset", [("preset", "email-code"), ("delete_state", "on"), ("confirmed", "yes")])
            #expect(answer.header("Location") == "/__local/dashboard?notice=preset_deleted")
            let written = Array(storage.batches.dropFirst(before))
            #expect(written.count == 1)
            #expect(written.first?.reset == true && written.first?.settings == SettingsPreset.emailCode.settings)
        }
    }

    @Test("Settings kept in a form this version cannot read stop a start that names none, with the way out; named ones replace them")
    func unreadableKeptSettings() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let storage = try await SQLiteStorage(directory: directory)
        await storage.close()
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteStorage.fileName).path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO instance (name, value) VALUES ('settings', '{\"no_such_setting\": 1}')")
        }
        try queue.close()
        await #expect {
            try await LocalFrontendAPI.start(storage: .directory(directory))
        } throws: { error in
            (error as? LocalServerError)?.code == "stored_settings_invalid"
                && (error as? LocalServerError)?.message.contains("start with a preset or settings file") == true
        }
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.emailCode.settings, storage: .directory(directory))
        await server.shutdown()
        let restarted = try await LocalFrontendAPI.start(storage: .directory(directory))
        #expect(restarted.settings == SettingsPreset.emailCode.settings)
        await restarted.shutdown()
    }
}

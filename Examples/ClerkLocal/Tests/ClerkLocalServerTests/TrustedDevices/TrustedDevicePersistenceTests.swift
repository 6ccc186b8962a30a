import ClerkAPI
import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// Trusted devices live in their own table (migration `v7: trustedDevices`): an enrolled device signs in after a
/// restart, and a removed one stays refused.
@Suite("Persistence: trusted devices")
struct TrustedDevicePersistenceTests {
    @Test("an enrolled device comes back after a restart and signs in; its removal is kept too")
    func restart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let key = DeviceKey()
        let first = try await SQLiteStorage(directory: directory)
        let account = try await withServer(.withTrustedDevices, storage: first) { server in
            try await server.trustedDeviceAccount(server.client(), key)
        }
        await first.close()
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteStorage.fileName).path)
        let rows = try await queue.read { db in try String.fetchAll(db, sql: "SELECT id FROM trusted_devices") }
        let migrations = try await queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        try queue.close()
        #expect(rows == [account.deviceID])
        #expect(migrations.contains("v7: trustedDevices"))

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let done = try await server.client().signInWithTrustedDevice(account.deviceID, key: key)
            #expect(try done.signIn.status == .complete)
            let owner = server.client()
            let user = try await owner.signIn([("identifier", try #require(try done.signIn.identifier)), ("password", Fixture.password)]).signIn
            _ = try await owner.me("DELETE", "/trusted_devices/\(account.deviceID)", session: user.createdSessionID)
        }
        await second.close()

        let third = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: third) { server in
            expectError(
                try await server.client().startTrustedDeviceSignIn(account.deviceID), status: 422, code: "trusted_device_not_registered",
                param: "trusted_device_id")
        }
        await third.close()
    }
}

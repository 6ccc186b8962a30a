import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Version 4 of the export carries the users' trusted devices (their public keys, never a challenge in flight)
/// and the waitlist's entries with the invitations they were invited with; an older document cannot carry them,
/// and an older document still imports.
@Suite("Import and export: trusted devices and the waitlist")
struct DeviceWaitlistExportTests {
    static var settings: InstanceSettings {
        var settings = InstanceSettings.withTrustedDevices
        settings.signUpMode = .waitlist
        return settings
    }

    /// The devices, waitlist entries and their invitations as the server keeps them, in a comparable form.
    static func state(_ server: TestServer) async -> [String] {
        let state = await server.core.store.state
        let devices = state.trustedDevices.values.map {
            "\($0.id) \($0.userID) \($0.status) \($0.appIdentifier) \($0.name ?? "-") \(Base64URL.encode($0.publicKey))"
        }
        let entries = state.waitlist.values.map { entry in
            let invitation = entry.invitationID.flatMap { state.invitations[$0] }
            return "\(entry.id) \(entry.emailAddress) \(entry.status) \(invitation.map { "\($0.id) \($0.state)" } ?? "-")"
        }
        return (devices + entries).sorted()
    }

    @Test("export, then import into a fresh instance: the device signs in over HTTP, the entries keep their status and a second join answers the same entry")
    func roundTrip() async throws {
        let key = DeviceKey()
        let waiting = Fixture.email("waiting")
        let invited = Fixture.email("invited")
        let (data, account, before, waitingID) = try await withServer(Self.settings) { server in
            let account = try await server.trustedDeviceAccount(server.client(), key)
            // A second enrolment left waiting for its signature: its challenge is not exported.
            _ = try await server.client().me(
                "POST", "/trusted_devices/prepare", session: nil, form: server.enrolmentForm(DeviceKey(), app: "com.example.other"))
            let waitingID = try #require(try await server.client().send("POST", "/v1/waitlist", form: [("email_address", waiting)]).json["id"] as? String)
            let invitedID = try #require(try await server.client().send("POST", "/v1/waitlist", form: [("email_address", invited)]).json["id"] as? String)
            #expect(try await server.backend("POST", "/waitlist_entries/\(invitedID)/invite").status == 200)
            return (try await server.exportOverHTTP(), account, await Self.state(server), waitingID)
        }
        let document = try UserExportDocument.decode(from: data)
        #expect(document.version == 4)
        #expect(document.trustedDevices.map(\.id) == [account.deviceID])
        #expect(document.trustedDevices.first?.status == "active")
        #expect(document.waitlistEntries.map(\.status).sorted() == ["invited", "pending"])
        #expect(document.waitlistEntries.contains { $0.invitation?.status == "pending" })
        #expect(!String(decoding: data, as: UTF8.self).contains("challenge"), "no challenge in flight is exported")

        try await withServer(Self.settings) { server in
            let imported = try await server.importOverHTTP(data)
            #expect(imported.status == 200, "\(imported.text)")
            #expect(await Self.state(server) == before.filter { !$0.contains(" pending com.example.other ") })
            let exportedAgain = try UserExportDocument.decode(from: try await server.exportOverHTTP())
            #expect(exportedAgain.trustedDevices == document.trustedDevices, "an import exports back the same devices")
            #expect(exportedAgain.waitlistEntries == document.waitlistEntries, "an import exports back the same entries")

            let done = try await server.client().signInWithTrustedDevice(account.deviceID, key: key)
            #expect(try done.signIn.status == .complete)
            #expect(try done.signIn.createdSessionID != nil)

            let again = try await server.client().send("POST", "/v1/waitlist", form: [("email_address", waiting)])
            #expect(again.json["id"] as? String == waitingID, "a second join answers the imported entry")
            let listed = try #require(try await server.backend("GET", "/waitlist_entries").json["data"] as? [[String: Any]])
            #expect(listed.map { $0["status"] as? String ?? "" }.sorted() == ["invited", "pending"])
            #expect(listed.contains { ($0["invitation"] as? [String: Any])?["status"] as? String == "pending" })

        }
    }

    /// The version 1 fixture's user, at `version`, with `devices` and `entries`.
    static func document(version: Int = 4, devices: [[String: Any]] = [], entries: [[String: Any]] = []) throws -> Data {
        var fixture = try #require(try JSONSerialization.jsonObject(with: Data(UserExportVersion1Fixture.json.utf8)) as? [String: Any])
        fixture["version"] = version
        if !devices.isEmpty { fixture["trusted_devices"] = devices }
        if !entries.isEmpty { fixture["waitlist_entries"] = entries }
        return try JSONSerialization.data(withJSONObject: fixture)
    }

    static let fixtureUserID = "user_3Fq9V2kLm8Xw1Rt5Yp0Hs7Gd4Jb"

    static func device(_ id: String, key: DeviceKey, userID: String = fixtureUserID, edit: (inout [String: Any]) -> Void = { _ in }) throws -> [String: Any] {
        var device: [String: Any] = [
            "id": id, "user_id": userID, "platform": "ios", "app_identifier": "com.example.app", "name": "Phone",
            "public_key_jwk": try #require(try JSONSerialization.jsonObject(with: Data(key.jwk.utf8)) as? [String: Any]).filter { $0.key != "alg" },
            "status": "active", "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000,
        ]
        edit(&device)
        return device
    }

    static func entry(_ id: String, _ address: String, status: String = "pending") -> [String: Any] {
        ["id": id, "email_address": address, "status": status, "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000]
    }

    @Test(
        "a device of an unknown user, a bad key, a repeated id, a bad address or status, or a version 3 document with them: refused by path, nothing imported")
    func refusals() async throws {
        let key = DeviceKey()
        try await withServer(domainTestSettings) { server in
            let shortX: (inout [String: Any]) -> Void = { device in
                var jwk = device["public_key_jwk"] as? [String: Any] ?? [:]
                jwk["x"] = "AAAA"
                device["public_key_jwk"] = jwk
            }
            let privateKey: (inout [String: Any]) -> Void = { device in
                var jwk = device["public_key_jwk"] as? [String: Any] ?? [:]
                jwk["d"] = "AAAA"
                device["public_key_jwk"] = jwk
            }
            let offCurve: (inout [String: Any]) -> Void = { device in
                var jwk = device["public_key_jwk"] as? [String: Any] ?? [:]
                jwk["y"] = jwk["x"]
                device["public_key_jwk"] = jwk
            }
            let cases: [(Data, String)] = [
                (try Self.document(devices: [try Self.device("td_a1", key: key, userID: "user_nobody1")]), "trusted_devices[0].user_id"),
                (try Self.document(devices: [try Self.device("td_a1", key: key, edit: shortX)]), "trusted_devices[0].public_key_jwk"),
                (try Self.document(devices: [try Self.device("td_a1", key: key, edit: offCurve)]), "trusted_devices[0].public_key_jwk"),
                (try Self.document(devices: [try Self.device("td_a1", key: key, edit: privateKey)]), "trusted_devices[0].public_key_jwk.d"),
                (try Self.document(devices: [try Self.device("td_a1", key: key), try Self.device("td_a1", key: DeviceKey())]), "trusted_devices[1].id"),
                (try Self.document(devices: [try Self.device("td_a1", key: key) { $0["status"] = "pending" }]), "trusted_devices[0].status"),
                (try Self.document(devices: [try Self.device("wle_a1", key: key)]), "trusted_devices[0].id"),
                (try Self.document(entries: [Self.entry("wle_a1", "not an address")]), "waitlist_entries[0].email_address"),
                (try Self.document(entries: [Self.entry("wle_a1", "a@example.com", status: "waiting")]), "waitlist_entries[0].status"),
                (
                    try Self.document(entries: [Self.entry("wle_a1", "a@example.com"), Self.entry("wle_a2", "A@example.com")]),
                    "waitlist_entries[1].email_address"
                ),
                (try Self.document(entries: [Self.entry("wle_a1", "a@example.com"), Self.entry("wle_a1", "b@example.com")]), "waitlist_entries[1].id"),
                (try Self.document(version: 3, devices: [try Self.device("td_a1", key: key)]), "trusted_devices"),
                (try Self.document(version: 3, entries: [Self.entry("wle_a1", "a@example.com")]), "waitlist_entries"),
            ]
            for (data, path) in cases {
                let refused = try await server.importOverHTTP(data)
                #expect(refused.status == 422, "\(path): \(refused.text)")
                #expect(refused.text.contains("\"param_name\":\"\(path)\""), "\(path): \(refused.text)")
            }
            let state = await server.core.store.state
            #expect(await server.core.store.users.isEmpty)
            #expect(state.trustedDevices.values.isEmpty && state.waitlist.values.isEmpty && state.invitations.values.isEmpty)

            let accepted = try await server.importOverHTTP(
                try Self.document(devices: [try Self.device("td_a1", key: key)], entries: [Self.entry("wle_a1", "a@example.com")]))
            #expect(accepted.status == 200, "\(accepted.text)")
            #expect(await Self.state(server).count == 2)
        }
    }

    @Test("a field of a later version names the version that introduced it and the document's own")
    func laterFieldNamesVersions() throws {
        func refusal(_ data: Data) -> UserImportError? {
            do {
                _ = try UserExportDocument.decode(from: data)
                return nil
            } catch { return error }
        }
        let devices = try #require(refusal(try Self.document(version: 3, devices: [try Self.device("td_a1", key: DeviceKey())])))
        #expect(devices == UserImportError(field: "trusted_devices", problem: .needsVersion(4, documentVersion: 3)))
        #expect(devices.description == "trusted_devices: needs version 4; this document is version 3")
        var versionOne = try #require(try JSONSerialization.jsonObject(with: Data(UserExportVersion1Fixture.json.utf8)) as? [String: Any])
        versionOne["organizations"] = []
        let organizations = try #require(refusal(try JSONSerialization.data(withJSONObject: versionOne)))
        #expect(organizations.description == "organizations: needs version 2; this document is version 1")
        let unknown = UserImportError(field: "users[0].totp_secret", problem: .unknownField)
        #expect(!unknown.description.contains("version \(UserExportDocument.version)"), "an unknown field is not said to be missing from one version")
    }

    @Test("the committed version 3 file imports, and exports back as version 4 with the same organizations")
    func versionThreeImports() async throws {
        try await withServer(domainTestSettings) { server in
            let imported = try await server.importOverHTTP(Data(UserExportVersion3Fixture.json.utf8))
            #expect(imported.status == 200, "\(imported.text)")
            let exported = try UserExportDocument.decode(from: try await server.exportOverHTTP())
            let original = try UserExportDocument.decode(from: Data(UserExportVersion3Fixture.json.utf8))
            #expect(exported.version == 4 && exported.users.count == 2)
            #expect(exported.organizations == original.organizations)
            #expect(exported.trustedDevices.isEmpty && exported.waitlistEntries.isEmpty)
        }
    }
}

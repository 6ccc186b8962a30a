import ClerkLocalCore
import Foundation
import GRDB

/// The SQL of the state: reading all of it at start, writing one batch of changes, and the
/// instance's own values. Each function runs inside a transaction the caller opened.
package enum StorageSQL {
    package static func load(_ db: Database) throws -> StoredState {
        let decoder = JSONDecoder()
        func records<Record>(_ table: StorageTables.Records<Record>) throws -> [(id: String, record: Record)] {
            try Row.fetchAll(db, sql: "SELECT id, record FROM \(table.name)").map { row in
                let data: Data = row["record"]
                return (row["id"], try decoder.decode(Record.self, from: data))
            }
        }
        return StoredState(
            users: try records(StorageTables.users),
            clients: try records(StorageTables.clients),
            sessions: try records(StorageTables.sessions),
            signIns: try records(StorageTables.signIns),
            signUps: try records(StorageTables.signUps),
            invitations: try records(StorageTables.invitations),
            waitlist: try records(StorageTables.waitlistEntries),
            organizations: StoredOrganizations(
                organizations: try records(StorageTables.organizations), memberships: try records(StorageTables.memberships),
                invitations: try records(StorageTables.organizationInvitations), domains: try records(StorageTables.organizationDomains),
                suggestions: try records(StorageTables.organizationSuggestions), requests: try records(StorageTables.membershipRequests)),
            rateLimitHits: try RateLimitSQL.load(db),
            messages: try Data.fetchAll(db, sql: "SELECT record FROM \(StorageTables.outbox) ORDER BY position").map {
                try decoder.decode(OutboxMessage.self, from: $0)
            },
            settingsJSON: try instanceValue(.settings, in: db).map { Data($0.utf8) },
            trustedDevices: try records(StorageTables.trustedDevices))
    }

    /// Writes one batch: a reset first, then the settings, the records (deleting the removed ones),
    /// the rate-limit counts, then the messages, keeping the latest `outboxCapacity` of them.
    package static func write(_ changes: StateChanges, outboxCapacity: Int, in db: Database) throws {
        let encoder = JSONEncoder()
        if changes.reset {
            for table in StorageTables.recordTableNames + [StorageTables.outbox, StorageTables.rateLimitHits] { try db.execute(sql: "DELETE FROM \(table)") }
        }
        if let settings = changes.settings {
            try storeSettings(settings, in: db)
        }
        try apply(changes.users, to: StorageTables.users, in: db, encoder: encoder)
        try apply(changes.clients, to: StorageTables.clients, in: db, encoder: encoder)
        try apply(changes.sessions, to: StorageTables.sessions, in: db, encoder: encoder)
        try apply(changes.signIns, to: StorageTables.signIns, in: db, encoder: encoder)
        try apply(changes.signUps, to: StorageTables.signUps, in: db, encoder: encoder)
        try apply(changes.invitations, to: StorageTables.invitations, in: db, encoder: encoder)
        try apply(changes.waitlist, to: StorageTables.waitlistEntries, in: db, encoder: encoder)
        try apply(changes.trustedDevices, to: StorageTables.trustedDevices, in: db, encoder: encoder)
        try apply(changes.organizations.organizations, to: StorageTables.organizations, in: db, encoder: encoder)
        try apply(changes.organizations.memberships, to: StorageTables.memberships, in: db, encoder: encoder)
        try apply(changes.organizations.invitations, to: StorageTables.organizationInvitations, in: db, encoder: encoder)
        try RateLimitSQL.write(changes.rateLimits, in: db)
        try apply(changes.organizations.domains, to: StorageTables.organizationDomains, in: db, encoder: encoder)
        try apply(changes.organizations.suggestions, to: StorageTables.organizationSuggestions, in: db, encoder: encoder)
        try apply(changes.organizations.requests, to: StorageTables.membershipRequests, in: db, encoder: encoder)
        if changes.padding {
            try store(SecureRandom.token(), as: .padding, in: db)
        }
        if !changes.messages.isEmpty {
            let insert = try db.cachedStatement(sql: "INSERT INTO \(StorageTables.outbox) (record) VALUES (?)")
            for message in changes.messages { try insert.execute(arguments: [try encoder.encode(message)]) }
            try db.execute(
                sql: "DELETE FROM \(StorageTables.outbox) WHERE position <= (SELECT MAX(position) FROM \(StorageTables.outbox)) - ?",
                arguments: [outboxCapacity])
        }
    }

    /// The instance's keys stored earlier, or `fresh()`'s, stored now (first start).
    package static func instanceKeys(orStore fresh: () throws -> InstanceKeys, in db: Database) throws -> InstanceKeys {
        if let pem = try instanceValue(.signingKeyPEM, in: db), let keyID = try instanceValue(.signingKeyID, in: db),
            let secret = try instanceValue(.secretKey, in: db)
        {
            return InstanceKeys(signing: SigningKey(pem: pem, keyID: keyID), secretKey: secret)
        }
        let keys = try fresh()
        try store(keys.signing.pem, as: .signingKeyPEM, in: db)
        try store(keys.signing.keyID, as: .signingKeyID, in: db)
        try store(keys.secretKey, as: .secretKey, in: db)
        return keys
    }

    /// The test identity providers' keys stored earlier, or `fresh()`'s, stored now.
    package static func testIdentityProviderKeys(
        orStore fresh: () throws -> TestIdentityProviderKeyMaterial, in db: Database
    ) throws -> TestIdentityProviderKeyMaterial {
        if let kept = try instanceValue(.testIdentityProviderKeys, in: db),
            let keys = try? JSONDecoder().decode(TestIdentityProviderKeyMaterial.self, from: Data(kept.utf8))
        {
            return keys
        }
        let keys = try fresh()
        try store(String(decoding: try JSONEncoder().encode(keys), as: UTF8.self), as: .testIdentityProviderKeys, in: db)
        return keys
    }

    package static func storeSettings(_ settings: InstanceSettings, in db: Database) throws {
        try store(String(decoding: try SettingsLoader.encode(settings), as: UTF8.self), as: .settings, in: db)
    }

    private static func instanceValue(_ name: InstanceValue, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM \(StorageTables.instance) WHERE name = ?", arguments: [name.rawValue])
    }

    private static func store(_ value: String, as name: InstanceValue, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO \(StorageTables.instance) (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            arguments: [name.rawValue, value])
    }

    private static func apply<Record>(
        _ changes: [String: Record?], to table: StorageTables.Records<Record>, in db: Database, encoder: JSONEncoder
    ) throws {
        guard !changes.isEmpty else { return }
        let upsert = try db.cachedStatement(
            sql: "INSERT INTO \(table.name) (id, record) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record")
        let delete = try db.cachedStatement(sql: "DELETE FROM \(table.name) WHERE id = ?")
        for (id, record) in changes {
            if let record {
                try upsert.execute(arguments: [id, try encoder.encode(record)])
            } else {
                try delete.execute(arguments: [id])
            }
        }
    }
}

import ClerkLocalCore
import GRDB

/// The database's versions, oldest first. A data directory written by an older version is migrated
/// when it is opened; a migration, once released, is never edited (add a new one instead), so each
/// names the tables it creates rather than reading a list that may grow.
///
/// Records are stored as JSON documents keyed by id: the store works on whole records in memory,
/// so storage needs no columns beyond the id. A record type may gain a field when the field is
/// optional (older documents decode with it absent).
package enum StorageMigrations {
    package static let first = "v1: records and outbox"

    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(first) { db in
            let tables = StorageTables.self
            for table in [tables.users.name, tables.clients.name, tables.sessions.name, tables.signIns.name, tables.signUps.name] {
                try db.execute(sql: "CREATE TABLE \(table) (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
            }
            try db.execute(sql: "CREATE TABLE \(tables.outbox) (position INTEGER PRIMARY KEY AUTOINCREMENT, record BLOB NOT NULL)")
        }
        migrator.registerMigration("v2: instance keys") { db in
            try db.execute(sql: "CREATE TABLE \(StorageTables.instance) (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("v3: invitations") { db in
            try db.execute(sql: "CREATE TABLE invitations (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("v4: organizations") { db in
            for table in ["organizations", "organization_memberships", "organization_invitations"] {
                try db.execute(sql: "CREATE TABLE \(table) (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
            }
        }
        migrator.registerMigration("v5: rate-limit counts") { db in
            // Append-only: a row per request counted, deleted once it leaves its window (by `expires_at`).
            try db.execute(
                sql: "CREATE TABLE rate_limit_hits (id INTEGER PRIMARY KEY NOT NULL, key TEXT NOT NULL, at REAL NOT NULL, expires_at REAL NOT NULL)")
            try db.execute(sql: "CREATE INDEX rate_limit_hits_by_expiry ON rate_limit_hits (expires_at)")
        }
        migrator.registerMigration("v6: organization domains, suggestions and membership requests") { db in
            for table in ["organization_domains", "organization_suggestions", "organization_membership_requests"] {
                try db.execute(sql: "CREATE TABLE \(table) (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
            }
        }
        migrator.registerMigration("v7: trustedDevices") { db in
            try db.execute(sql: "CREATE TABLE trusted_devices (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("v8: waitlistEntries") { db in
            try db.execute(sql: "CREATE TABLE waitlist_entries (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
        }
        return migrator
    }

    /// Brings the database to the current version, on the writer's queue.
    package static func migrate(_ writer: any DatabaseWriter) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            migrator.asyncMigrate(writer) { result in continuation.resume(with: result.map { _ in }) }
        }
    }
}

import GRDB

/// The database's versions, oldest first. A data directory written by an older version is migrated
/// when it is opened; a migration, once released, is never edited (add a new one instead).
///
/// Records are stored as JSON documents keyed by id: the store works on whole records in memory,
/// so storage needs no columns beyond the id. A record type may gain a field when the field is
/// optional (older documents decode with it absent).
enum StorageMigrations {
    static let recordTables = ["users", "clients", "sessions", "sign_ins", "sign_ups"]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: records and outbox") { db in
            for table in recordTables {
                try db.execute(sql: "CREATE TABLE \(table) (id TEXT PRIMARY KEY NOT NULL, record BLOB NOT NULL) WITHOUT ROWID")
            }
            try db.execute(sql: "CREATE TABLE outbox (position INTEGER PRIMARY KEY AUTOINCREMENT, record BLOB NOT NULL)")
        }
        migrator.registerMigration("v2: instance keys") { db in
            try db.execute(sql: "CREATE TABLE instance (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID")
        }
        return migrator
    }
}

import ClerkLocalCore
import Foundation
import GRDB

/// The rate-limit counts in `rate_limit_hits`: a row per request counted, appended with its batch,
/// deleted when its operation is undone or once it has left its window. Times are seconds since 1970.
enum RateLimitSQL {
    static func load(_ db: Database) throws -> [RateLimitHit] {
        try Row.fetchAll(db, sql: "SELECT id, key, at, expires_at FROM \(StorageTables.rateLimitHits) ORDER BY id").map { row in
            RateLimitHit(
                id: row["id"], key: row["key"], at: Date(timeIntervalSince1970: row["at"]),
                expiresAt: Date(timeIntervalSince1970: row["expires_at"]))
        }
    }

    static func write(_ changes: RateLimitChanges, in db: Database) throws {
        let table = StorageTables.rateLimitHits
        if !changes.added.isEmpty {
            let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO \(table) (id, key, at, expires_at) VALUES (?, ?, ?, ?)")
            for hit in changes.added {
                try insert.execute(arguments: [hit.id, hit.key, hit.at.timeIntervalSince1970, hit.expiresAt.timeIntervalSince1970])
            }
        }
        if !changes.withdrawn.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE id = ?")
            for id in changes.withdrawn { try delete.execute(arguments: [id]) }
        }
        if let horizon = changes.expiredBy {
            try db.execute(sql: "DELETE FROM \(table) WHERE expires_at <= ?", arguments: [horizon.timeIntervalSince1970])
        }
    }
}

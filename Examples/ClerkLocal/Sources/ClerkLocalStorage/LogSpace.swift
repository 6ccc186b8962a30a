import ClerkLocalCore
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How far the log may grow before SQLite folds it into the database: `SQLiteStorage.pagesBetweenCheckpoints`
/// when the disk has room, less on a disk nearly full. A log that fills the disk cannot be folded
/// in (the database must grow to take its pages), so once the disk is full nothing more is written,
/// even after room returns, unless the log is kept to a part of the free space.
enum LogSpace {
    /// The part of the free space the log may take.
    static let shareOfFreeSpace = 4
    /// The fewest pages between checkpoints, however full the disk.
    static let fewestPages = 32

    /// Pages between checkpoints for a database in `directory`: a quarter of its disk's free space,
    /// at most `SQLiteStorage.pagesBetweenCheckpoints`.
    static func pagesBetweenCheckpoints(directory: String) -> Int {
        var status = statvfs()
        guard statvfs(directory, &status) == 0 else { return SQLiteStorage.pagesBetweenCheckpoints }
        let free = Int(status.f_bavail) * Int(status.f_frsize)
        return min(SQLiteStorage.pagesBetweenCheckpoints, max(fewestPages, free / shareOfFreeSpace / 4_096))
    }

    /// Sets the writer's checkpoint interval from the free space now.
    static func adjust(_ db: Database, directory: String) {
        try? db.execute(sql: "PRAGMA wal_autocheckpoint = \(pagesBetweenCheckpoints(directory: directory))")
    }
}

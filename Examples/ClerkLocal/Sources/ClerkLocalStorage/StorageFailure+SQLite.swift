import ClerkLocalCore
import GRDB

extension StorageFailure {
    /// The failure SQLite's `error` stands for; an error that is not SQLite's is kept as is. The
    /// error's message is left out: it may quote a statement.
    static func from(_ error: any Error) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        return StorageFailure(code: error.extendedResultCode.rawValue, cause: cause(of: error.resultCode))
    }

    /// Whether the failure may pass once the log is folded into the database and truncated (the
    /// disk or the log ran out of room).
    var isLackOfSpace: Bool {
        let primary = ResultCode(rawValue: code & 0xFF)
        return primary == .SQLITE_FULL || primary == .SQLITE_IOERR
    }

    private static func cause(of code: ResultCode) -> String {
        switch code {
        case .SQLITE_FULL: "disk full"
        case .SQLITE_READONLY: "read-only"
        case .SQLITE_IOERR: "I/O error"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: "database corrupt"
        case .SQLITE_CANTOPEN: "cannot open the database file"
        case .SQLITE_BUSY, .SQLITE_LOCKED: "database locked"
        case .SQLITE_NOMEM: "out of memory"
        case .SQLITE_PERM, .SQLITE_AUTH: "permission denied"
        default: "SQLite error \(code.rawValue)"
        }
    }
}

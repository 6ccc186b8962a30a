/// Storage could not write or read: the database's result code and what it means, for the log. A
/// client is told only that the server's storage failed.
package struct StorageFailure: Error, CustomStringConvertible {
    /// SQLite's extended result code (its primary code is the low byte).
    package let code: Int32
    /// What the code means: "disk full", "read-only", "I/O error", "database corrupt"...
    package let cause: String

    package init(code: Int32, cause: String) {
        self.code = code
        self.cause = cause
    }

    package var description: String { "\(cause) (SQLite result code \(code))" }
}

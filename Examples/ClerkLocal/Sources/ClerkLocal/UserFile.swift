import ClerkLocalServer
import Foundation

/// A user export on disk: what `serve --import` reads and `export` writes.
enum UserFile {
    /// Standard output instead of a file.
    static let standardOutput = "-"

    static func read(_ path: String) throws -> UserExportDocument {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot read \(path): \(error.localizedDescription)")
        }
        do {
            return try UserExportDocument.decode(from: data)
        } catch {
            throw CommandFailure(UserFile.refusal(path, error))
        }
    }

    static func refusal(_ path: String, _ error: any Error) -> String {
        "\(path) was refused, no user was imported: \(error)"
    }

    /// Replaces the file in one step (a reader never sees half of it), readable by its owner only
    /// from the start: it holds password digests and TOTP secrets.
    static func write(_ data: Data, to path: String) throws {
        if path == standardOutput {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try PrivateFile.write(data, to: path)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.message)")
        }
    }
}

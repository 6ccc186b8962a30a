import Foundation

/// Lists the schema documents of a folder: every `.json` file below it, in path order, but
/// `extensions.json` at its top, which lists deliberate extensions for schema-drift and is no document.
enum SchemaFiles {
    static let extensionListName = "extensions.json"

    struct Entry {
        var url: URL
        var relativePath: String
    }

    static func list(in directory: URL) throws -> [Entry] {
        let root = directory.standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GeneratorFailure.schemaFolderMissing(root.path)
        }
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw GeneratorFailure.schemaFolderMissing(root.path)
        }
        var entries: [Entry] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in enumerator where url.pathExtension == "json" {
            let path = url.standardizedFileURL.path
            let relativePath = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
            guard relativePath != extensionListName else { continue }
            entries.append(Entry(url: url, relativePath: relativePath))
        }
        return entries.sorted { $0.relativePath < $1.relativePath }
    }
}

/// Failures of the generator that are not schema problems.
public enum GeneratorFailure: Error, CustomStringConvertible, Equatable {
    case schemaFolderMissing(String)
    case outputNotWritable(String, reason: String)

    public var description: String {
        switch self {
        case .schemaFolderMissing(let path): "no schema folder at \(path)"
        case .outputNotWritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

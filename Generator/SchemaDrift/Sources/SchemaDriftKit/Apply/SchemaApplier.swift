import Foundation

/// Writes a report's additive changes into a schema folder: new optional fields with the spec's
/// description, enumeration values, error codes with their messages and status. ERR and WARN changes
/// carry no addition, so nothing here can apply them.
public struct SchemaApplier {
    public var schemaDirectory: URL

    /// An applier writing into `schemaDirectory`.
    public init(schemaDirectory: URL) {
        self.schemaDirectory = schemaDirectory
    }

    /// Applies every addition; returns the files it changed (relative paths, sorted).
    @discardableResult
    public func apply(_ additions: [SchemaAddition]) throws(DriftFailure) -> [String] {
        var documents: [String: OrderedJSON] = [:]
        for addition in additions {
            let file = addition.file
            var document: OrderedJSON
            if let loaded = documents[file] {
                document = loaded
            } else {
                document = try read(file)
            }
            document = SchemaEdits.applying(addition, to: document)
            documents[file] = document
        }
        for (file, document) in documents {
            let url = schemaDirectory.appendingPathComponent(file)
            do {
                try Data((document.rendered() + "\n").utf8).write(to: url, options: .atomic)
            } catch {
                throw .unreadableFile(url.path)
            }
        }
        return documents.keys.sorted()
    }

    private func read(_ file: String) throws(DriftFailure) -> OrderedJSON {
        let url = schemaDirectory.appendingPathComponent(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw .unreadableFile(url.path) }
        var parser = OrderedJSONParser(text)
        do {
            return try parser.parse()
        } catch {
            throw .invalidSchema("\(file): \(error)")
        }
    }
}

extension SchemaAddition {
    /// The schema file the addition goes into.
    var file: String {
        switch self {
        case .field(let file, _, _, _, _, _), .formField(let file, _, _, _, _, _), .enumValue(let file, _, _), .errorCode(let file, _, _),
            .errorVariant(let file, _, _):
            file
        }
    }
}

import Foundation

/// `Schema/extensions.json`: what the SDK models deliberately although the spec lacks it (fields real
/// Clerk answers carry, form fields Clerk's own SDKs send, enum values real answers contain), each with
/// its evidence. The report lists these once, never as drift. The generator does not read this file.
public struct ExtensionList: Sendable, Hashable, Decodable {
    /// One deliberate extension: exactly one of a resource field, an endpoint field, a whole endpoint
    /// (an operation the spec lacks), an enum value or an error code.
    public struct Entry: Sendable, Hashable, Decodable {
        public var resource: String?
        public var endpoint: String?
        public var field: String?
        public var enumName: String?
        public var value: String?
        public var errorCode: String?
        /// Where the fact comes from, something a reader can check: Clerk's published SDK source, its error
        /// catalogue, or a payload or test of this repository.
        public var evidence: String

        private enum CodingKeys: String, CodingKey {
            case resource, endpoint, field, value, evidence, errorCode
            case enumName = "enum"
        }

        /// How reports name it: `SignIn.locale`, `createSignIn locale`, `SignInIdentifier = password`,
        /// `error code too_many_requests`.
        public var subject: String {
            if let resource, let field { return "\(resource).\(field)" }
            if let endpoint, let field { return "\(endpoint) \(field)" }
            if let endpoint { return "endpoint \(endpoint)" }
            if let errorCode { return "error code \(errorCode)" }
            return "\(enumName ?? "?") = \(value ?? "?")"
        }
    }

    public var entries: [Entry]

    private enum CodingKeys: String, CodingKey {
        case entries = "extensions"
    }

    /// An explicit list (tests).
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Reads `extensions.json` in `schemaDirectory`; an absent file is an empty list.
    public init(schemaDirectory: URL) throws(DriftFailure) {
        let url = schemaDirectory.appendingPathComponent(Self.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            self.init()
            return
        }
        guard let data = try? Data(contentsOf: url) else { throw .unreadableFile(url.path) }
        do {
            self = try JSONDecoder().decode(ExtensionList.self, from: data)
        } catch {
            throw .unreadableExtensions(String(describing: error))
        }
        for entry in entries where !entry.isWellFormed {
            throw .unreadableExtensions("an entry must name resource and field, endpoint (and a field), enum and value, or errorCode: \(entry.subject)")
        }
    }

    /// The file's name in the schema folder.
    public static let fileName = "extensions.json"

    func entry(resource: String, field: String) -> Entry? {
        entries.first { $0.resource == resource && $0.field == field }
    }

    func entry(endpoint: String, field: String) -> Entry? {
        entries.first { $0.endpoint == endpoint && $0.field == field }
    }

    /// The entry of a whole endpoint (no field): an operation the spec lacks.
    func entry(endpoint: String) -> Entry? {
        entries.first { $0.endpoint == endpoint && $0.field == nil && $0.resource == nil }
    }

    func entry(enumName: String, value: String) -> Entry? {
        entries.first { $0.enumName == enumName && $0.value == value }
    }

    func entry(errorCode: String) -> Entry? {
        entries.first { $0.errorCode == errorCode }
    }
}

extension ExtensionList.Entry {
    fileprivate var isWellFormed: Bool {
        let named = [resource != nil && field != nil, endpoint != nil, enumName != nil && value != nil, errorCode != nil]
        return named.filter { $0 }.count == 1
    }
}

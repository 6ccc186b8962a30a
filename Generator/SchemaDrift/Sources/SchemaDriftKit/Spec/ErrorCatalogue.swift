import Foundation

/// One entry of Clerk's error catalogue (`api_errors.json`).
public struct CatalogueEntry: Sendable, Hashable, Decodable {
    public var name: String
    public var code: String
    /// The HTTP status, nil where the catalogue gives none.
    public var status: Int?
    public var shortMessage: String?
    public var longMessage: String?
    /// Whether the Frontend API answers with it (`usage.fapi`).
    public var frontendAPI: Bool

    /// An entry as the schema's error catalogue records it.
    public init(name: String, code: String, status: Int?, shortMessage: String?, longMessage: String?, frontendAPI: Bool = true) {
        self.name = name
        self.code = code
        self.status = status
        self.shortMessage = shortMessage
        self.longMessage = longMessage
        self.frontendAPI = frontendAPI
    }

    private enum CodingKeys: String, CodingKey {
        case name, code, status, shortMessage, longMessage, usage
    }

    private struct Usage: Decodable {
        var fapi: Bool?
    }

    /// Reads an entry; `status` is a string in the catalogue (`"422"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        code = try container.decode(String.self, forKey: .code)
        status = try container.decodeIfPresent(String.self, forKey: .status).flatMap { Int($0) }
        shortMessage = try container.decodeIfPresent(String.self, forKey: .shortMessage).flatMap { $0.isEmpty ? nil : $0 }
        longMessage = try container.decodeIfPresent(String.self, forKey: .longMessage).flatMap { $0.isEmpty ? nil : $0 }
        frontendAPI = try container.decodeIfPresent(Usage.self, forKey: .usage)?.fapi ?? false
    }

    /// Reads `api_errors.json`: an array of entries.
    public static func catalogue(from data: Data) throws(DriftFailure) -> [CatalogueEntry] {
        do {
            return try JSONDecoder().decode([CatalogueEntry].self, from: data)
        } catch {
            throw .unreadableCatalogue(String(describing: error))
        }
    }
}

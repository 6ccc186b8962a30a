import ClerkAPI
import Foundation

extension SettingsLoader {
    /// `enterprise_connections`: a list of connections, each with its OpenID Connect provider;
    /// `null` removes them.
    static func decodeEnterpriseConnections(_ value: JSONValue) throws -> [EnterpriseConnection]? {
        if value == .null { return nil }
        guard case .array(let entries) = value else { throw LoadError(description: "enterprise_connections must be an array") }
        let known: Set<String> = ["id", "name", "domains", "active", "oidc"]
        for (index, entry) in entries.enumerated() {
            guard case .object(let fields) = entry else { throw LoadError(description: "enterprise_connections[\(index)] must be an object") }
            if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
                throw LoadError(description: "unknown setting 'enterprise_connections[\(index)].\(unknown)'")
            }
        }
        do {
            return try JSONDecoder().decode([EnterpriseConnection].self, from: JSONEncoder().encode(value))
        } catch {
            throw LoadError(description: "invalid enterprise_connections: \(error)")
        }
    }

    /// Each connection usable, ids unique, and each domain served by one connection only.
    static func validateEnterpriseConnections(_ settings: InstanceSettings) throws {
        guard let connections = settings.enterpriseConnections, !connections.isEmpty else { return }
        var ids: Set<String> = []
        var domains: Set<String> = []
        for connection in connections {
            if let problem = connection.problem() { throw LoadError(description: "enterprise_connections.\(connection.id): \(problem)") }
            guard ids.insert(connection.id).inserted else { throw LoadError(description: "enterprise_connections: id \(connection.id) is used twice") }
            for domain in connection.domains where !domains.insert(domain).inserted {
                throw LoadError(description: "enterprise_connections: domain \(domain) is served by two connections")
            }
        }
        if !settings.emailAddress.enabled {
            throw LoadError(description: "enterprise_connections needs email_address enabled (a connection's users are found by email)")
        }
    }
}

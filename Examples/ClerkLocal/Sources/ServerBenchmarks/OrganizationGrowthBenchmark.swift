import ClerkLocalServer
import Foundation

/// How a data directory's server grows with its organizations: `organizations` organizations of
/// `membersPerOrganization` members each (10,000 and 100,000 by default) over 10,000 users, imported,
/// exported, started on, and one organization's first page of members read over the Backend API.
///
/// Keys: `server.growth.organizations.<N>.<import|export|start>.ms` and
/// `server.growth.organizations.<N>.members_page.p50|p99.ms`. Printed, never asserted.
struct OrganizationGrowthBenchmark: Sendable {
    let options: Options
    static let membersPerOrganization = 10
    static let users = 10_000
    /// Organizations per import request (10,000 memberships), well within the import body limit.
    static let organizationsPerImport = 1_000

    func run(template: UsersDocument) async throws {
        let size = options.growthOrganizations
        let directory = PersistenceBenchmark.temporaryDirectory("growth-organizations-\(size)")
        defer { try? FileManager.default.removeItem(at: directory) }
        Report.progress("growth: \(size) organizations, \(size * Self.membersPerOrganization) memberships: import, export")
        let users = try template.users(0..<min(Self.users, max(size, Self.membersPerOrganization)))
        let userIDs = try Self.ids(of: users)
        let documents = try stride(from: 0, to: size, by: Self.organizationsPerImport).map {
            try Self.organizations($0..<min($0 + Self.organizationsPerImport, size), userIDs: userIDs)
        }
        let server = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
        _ = try await PersistenceBenchmark.admin(server, "POST", "import", body: users)
        let importSeconds = try await PersistenceBenchmark.timed {
            for document in documents { _ = try await PersistenceBenchmark.admin(server, "POST", "import", body: document) }
        }
        var exportSeconds: [Double] = []
        for _ in 0..<3 {
            exportSeconds.append(try await PersistenceBenchmark.timed { _ = try await PersistenceBenchmark.admin(server, "GET", "export") })
        }
        await server.shutdown()
        report(size, "import", seconds: importSeconds)
        report(size, "export", seconds: exportSeconds.sorted()[1])

        Report.progress("growth: \(size) organizations: start, first page of members")
        var startSeconds: [Double] = []
        var started: RunningServer?
        for _ in 0..<3 {
            await started?.shutdown()
            startSeconds.append(
                try await PersistenceBenchmark.timed {
                    started = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
                })
        }
        report(size, "start", seconds: startSeconds.sorted()[1])
        guard let started else { throw BenchmarkError("no server started on \(directory.path)") }
        let page = await membersPage(started, organization: size / 2)
        await started.shutdown()
        guard page.errors == 0 else { throw BenchmarkError("member pages failed: \(page.firstError ?? "")") }
        Report.value("server.growth.organizations.\(size).members_page.p50.ms", page.percentileMilliseconds(50), decimals: 3)
        Report.value("server.growth.organizations.\(size).members_page.p99.ms", page.percentileMilliseconds(99), decimals: 3)
    }

    /// `GET /v1/organizations/{id}/memberships?limit=10` of the Backend API, one client.
    private func membersPage(_ server: RunningServer, organization: Int) async -> LoadResult {
        var runner = LoadRunner(port: server.port, duration: options.duration)
        runner.maxUnitsPerWorker = 1_000_000
        let (path, key) = ("/bapi/v1/organizations/org_b\(organization)/memberships?limit=10", "Bearer " + server.secretKey)
        return await runner.run(clients: 1) { connection, _, _ in
            let reply = try await connection.send(.GET, path, authorization: key)
            guard reply.status == 200 else { throw BenchmarkError("members page: \(reply.status)") }
        }
    }

    /// A version 2 export of organizations `range` (no users: the members are users imported before).
    static func organizations(_ range: Range<Int>, userIDs: [String]) throws -> Data {
        let members = min(membersPerOrganization, userIDs.count)
        let organizations: [[String: Any]] = range.map { index in
            [
                "id": "org_b\(index)", "name": "Organization \(index)", "slug": "organization-\(index)", "public_metadata": [:],
                "private_metadata": [:], "admin_delete_enabled": true, "created_at": 1_800_000_000_000, "updated_at": 1_800_000_000_000,
                "memberships": (0..<members).map { member in
                    [
                        "id": "orgmem_b\(index)m\(member)", "user_id": userIDs[(index * members + member) % userIDs.count],
                        "role": member == 0 ? "org:admin" : "org:member", "public_metadata": [:], "private_metadata": [:],
                        "created_at": 1_800_000_000_000 + Int64(member), "updated_at": 1_800_000_000_000,
                    ]
                },
                "invitations": [],
            ]
        }
        let document: [String: Any] = [
            "format": "clerk-local-users", "version": 2, "exported_at": 0, "users": [], "organizations": organizations,
        ]
        return try JSONSerialization.data(withJSONObject: document)
    }

    private static func ids(of users: Data) throws -> [String] {
        let document = try JSONSerialization.jsonObject(with: users) as? [String: Any]
        return (document?["users"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    private func report(_ size: Int, _ key: String, seconds: Double) {
        Report.value("server.growth.organizations.\(size).\(key).ms", seconds * 1_000, decimals: 1)
        Report.progress(String(format: "  %@ with %d organizations: %.0f ms", key, size, seconds * 1_000))
    }
}

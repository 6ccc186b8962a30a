import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// `nosniff` on every answer, and the export (every secret) is never cached.
@Suite("Security: answer headers")
struct ResponseHeaderTests {
    @Test("Every answer says nosniff: JSON, errors, unknown paths, the dashboard, the Backend API")
    func nosniff() async throws {
        try await withServer { server in
            let client = server.client()
            let answers = [
                try await client.send("GET", "/v1/environment"),
                try await client.send("GET", "/v1/client/sign_ins/sia_missing"),
                try await client.send("GET", "/no/such/path"),
                try await client.send("GET", "/__local/dashboard"),
                try await client.send("GET", "/__local/outbox"),
                try await server.backend("GET", "/users", key: .some(nil)),
                try await server.backend("GET", "/users"),
            ]
            for answer in answers {
                #expect(answer.header("X-Content-Type-Options") == "nosniff", "status \(answer.status)")
            }
        }
    }

    @Test("The export is no-store")
    func exportNotCached() async throws {
        try await withServer { server in
            let export = try await server.client().send("GET", "/__local/admin/export")
            #expect(export.status == 200)
            #expect(export.header("Cache-Control") == "no-store")
        }
    }
}

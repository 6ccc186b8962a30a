import ClerkLocalServer
import Foundation
import Testing

/// A developer seeding a user with the wrong kind of body is told, in Clerk's error envelope,
/// that the admin endpoints take JSON.
@Suite("Admin request bodies")
struct AdminBodyTests {
    @Test("a form-encoded or plain-text body is refused: JSON is expected", arguments: ["application/x-www-form-urlencoded", "text/plain"])
    func notJSON(_ contentType: String) async throws {
        let server = try await LocalFrontendAPI.start()
        defer { Task { await server.shutdown() } }
        let answer = try await HTTP.send(
            "POST", "\(server.baseURL.absoluteString)/__local/admin/users", contentType: contentType,
            body: "email_address=jane%2Bclerk_test%40example.com")
        #expect(answer.status == 415)
        let error = try #require((answer.json["errors"] as? [[String: Any]])?.first)
        #expect(error["code"] as? String == "unsupported_content_type")
        let message = try #require(error["long_message"] as? String)
        #expect(message.contains("You should use application/json instead"), "\(message)")
        #expect(message.contains(contentType))
        #expect(answer.json["clerk_trace_id"] is String)
    }

    @Test("a body sent as JSON that is not JSON says so, not \"Image decode error\"")
    func labelledJSONButNot() async throws {
        let server = try await LocalFrontendAPI.start()
        defer { Task { await server.shutdown() } }
        let url = "\(server.baseURL.absoluteString)/__local/admin/users"
        let form = try await HTTP.send("POST", url, contentType: "application/json", body: "email_address=jane%40example.com")
        #expect(form.status == 400)
        let error = try #require((form.json["errors"] as? [[String: Any]])?.first)
        #expect(error["code"] as? String == "request_body_invalid")
        #expect(error["message"] as? String == "Request body invalid")
        #expect(error["long_message"] as? String == "The body must be a JSON object (a user to seed) sent as application/json; it is not JSON.")

        let wrongType = try await HTTP.send("POST", url, contentType: "application/json", body: #"{"email_address": 42}"#)
        let problem = (wrongType.json["errors"] as? [[String: Any]])?.first?["long_message"] as? String
        #expect(problem?.hasSuffix("; email_address has the wrong type.") == true, "\(problem ?? "")")
        #expect(server.outbox().isEmpty)
    }
}

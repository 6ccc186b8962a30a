import Foundation

/// A waitlist entry as the Backend API lists it: what the examples read of it.
public struct BackendWaitlistEntry: Sendable, Equatable {
    public var id: String
    public var emailAddress: String
    public var status: String
}

extension BackendAPIAccess {
    /// `GET /waitlist_entries?query=…`: the entries whose address or id contains `query`, newest first.
    func waitlistEntries(query: String) async throws -> [BackendWaitlistEntry] {
        var components = URLComponents(url: url.appendingPathComponent("waitlist_entries"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "query", value: query)]
        guard let target = components?.url else { throw ExampleFailure("cannot build the Backend API's waitlist query") }
        let data = try await send("GET", target, body: nil)
        guard let page = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let entries = page["data"] as? [[String: Any]] else {
            throw ExampleFailure("the Backend API's waitlist page is not {data, total_count}")
        }
        return entries.compactMap { entry in
            guard let id = entry["id"] as? String, let address = entry["email_address"] as? String, let status = entry["status"] as? String
            else { return nil }
            return BackendWaitlistEntry(id: id, emailAddress: address, status: status)
        }
    }

    /// `POST /waitlist_entries/{id}/invite`: the entry becomes `invited` and its address gets the invitation's email.
    func inviteWaitlistEntry(id: String) async throws {
        _ = try await send("POST", url.appendingPathComponent("waitlist_entries/\(id)/invite"), body: Data("{}".utf8))
    }
}

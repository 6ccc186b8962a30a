import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The waitlist: `sign_up_mode: waitlist` in the environment, `POST /v1/waitlist` joining it, sign-ups
/// refused without an invitation (nothing created), and the Backend API's list, create, invite, reject
/// and delete, with the entry's status moving from pending to invited to completed.
@Suite("Waitlist")
struct WaitlistTests {
    static var settings: InstanceSettings {
        var settings = SettingsPreset.invitations.settings
        settings.signUpMode = .waitlist
        return settings
    }

    @Test("the environment says waitlist; a sign-up is refused and creates nothing; joining twice answers one entry and one email")
    func joinAndRefusal() async throws {
        try await withServer(Self.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").json
            let userSettings = try #require(environment["user_settings"] as? [String: Any])
            #expect((userSettings["sign_up"] as? [String: Any])?["mode"] as? String == "waitlist")

            let email = Fixture.email("waiting")
            let device = server.client()
            expectError(
                try await device.signUp([("email_address", email), ("password", Fixture.password)]), status: 403, code: "sign_up_restricted_waitlist")
            #expect(await server.core.store.users.count == 0)
            #expect(try await server.core.store.perform { $0[rules: WaitlistRules.self].waitlist.values.count } == 0)

            let joined = try await device.send("POST", "/v1/waitlist", form: [("email_address", email.uppercased())], operation: "joinWaitlist")
            #expect(joined.status == 200, "\(joined.bodyText)")
            #expect(joined.json.keys.sorted() == ["id", "object"] && joined.json["object"] as? String == "waitlist_entry")
            #expect(joined.header("Authorization") == nil, "joining starts nothing on a client")
            let again = try await server.client().send("POST", "/v1/waitlist", form: [("email_address", email)], operation: "joinWaitlist")
            #expect(again.json["id"] as? String == joined.json["id"] as? String)
            #expect(server.outbox(to: email).map(\.purpose) == ["waitlist_confirmation"])

            let listed = try await server.backend("GET", "/waitlist_entries").json
            #expect(listed["total_count"] as? Int == 1)
            let entry = try #require((listed["data"] as? [[String: Any]])?.first)
            #expect(entry["email_address"] as? String == email && entry["status"] as? String == "pending")
            #expect(entry["invitation"] is NSNull)
        }
    }

    @Test("joining is refused outside waitlist mode, and for a missing or malformed address")
    func joinRefusals() async throws {
        try await withServer(SettingsPreset.invitations.settings) { server in
            expectError(
                try await server.client().send("POST", "/v1/waitlist", form: [("email_address", Fixture.email())]), status: 403,
                code: "waitlist_not_accepting_entries")
        }
        try await withServer(Self.settings) { server in
            expectError(try await server.client().send("POST", "/v1/waitlist", form: []), status: 422, code: "form_param_missing", param: "email_address")
            expectError(
                try await server.client().send("POST", "/v1/waitlist", form: [("email_address", "not-an-address")]), status: 422,
                code: "form_param_format_invalid", param: "email_address")
            #expect(try await server.backend("GET", "/waitlist_entries").json["total_count"] as? Int == 0)
        }
    }

    @Test("invited: an invitation emailed with the waitlist template; its ticket signs up and completes the entry")
    func inviteThenSignUp() async throws {
        try await withServer(Self.settings) { server in
            let email = Fixture.email("invited")
            let joined = try await server.client().send("POST", "/v1/waitlist", form: [("email_address", email)])
            let id = try #require(joined.json["id"] as? String)

            let invited = try await server.backend("POST", "/waitlist_entries/\(id)/invite", json: [:])
            #expect(invited.status == 200, "\(invited.bodyText)")
            #expect(invited.json["status"] as? String == "invited")
            let invitation = try #require(invited.json["invitation"] as? [String: Any])
            #expect(invitation["status"] as? String == "pending" && invitation["email_address"] as? String == email)
            let mail = try #require(server.outbox(to: email).last)
            #expect(mail.purpose == "invitation" && mail.link == invitation["url"] as? String)
            expectError(try await server.backend("POST", "/waitlist_entries/\(id)/invite", json: [:]), status: 409, code: "waitlist_entry_already_invited")

            let link = try #require(mail.link)
            let ticket = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "__clerk_ticket" }?.value)
            let done = try await server.client().signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            #expect(try done.signUp.status == .complete, "\(done.bodyText)")

            let completed = try await server.backend("GET", "/waitlist_entries?status=completed").json
            let entry = try #require((completed["data"] as? [[String: Any]])?.first)
            #expect(entry["id"] as? String == id)
            #expect((entry["invitation"] as? [String: Any])?["status"] as? String == "accepted")
            #expect((entry["invitation"] as? [String: Any])?["url"] == nil, "the link carries the ticket, answered once")
            expectError(try await server.backend("POST", "/waitlist_entries/\(id)/reject"), status: 409, code: "waitlist_entry_already_completed")
            expectError(try await server.backend("DELETE", "/waitlist_entries/\(id)"), status: 409, code: "waitlist_entry_already_completed")
        }
    }

    @Test("rejecting an invited entry revokes its invitation: the ticket no longer signs up")
    func rejectRevokes() async throws {
        try await withServer(Self.settings) { server in
            let email = Fixture.email("rejected")
            let created = try await server.backend("POST", "/waitlist_entries", json: ["email_address": email, "notify": false])
            #expect(created.status == 200 && created.json["status"] as? String == "pending", "\(created.bodyText)")
            #expect(server.outbox(to: email).isEmpty)
            let id = try #require(created.json["id"] as? String)
            _ = try await server.backend("POST", "/waitlist_entries/\(id)/invite")
            let link = try #require(server.outbox(to: email).last?.link)
            let ticket = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "__clerk_ticket" }?.value)

            let rejected = try await server.backend("POST", "/waitlist_entries/\(id)/reject")
            #expect(rejected.json["status"] as? String == "rejected", "\(rejected.bodyText)")
            #expect((rejected.json["invitation"] as? [String: Any])?["status"] as? String == "revoked")
            expectError(try await server.backend("POST", "/waitlist_entries/\(id)/reject"), status: 409, code: "waitlist_entry_already_rejected")
            expectError(
                try await server.client().signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)]), status: 400,
                code: "revoked_invitation")
            #expect(await server.core.store.users.count == 0)
        }
    }

    @Test("the list filters by status and query, orders and pages; delete takes a pending entry only; unknown ids are 404")
    func listAndDelete() async throws {
        try await withServer(Self.settings) { server in
            let addresses = ["ann", "bob", "cy"].map { Fixture.email($0) }
            var ids: [String] = []
            for address in addresses {
                let created = try await server.backend("POST", "/waitlist_entries", json: ["email_address": address])
                ids.append(try #require(created.json["id"] as? String))
            }
            _ = try await server.backend("POST", "/waitlist_entries/\(ids[1])/invite")
            func emails(_ query: String) async throws -> [String] {
                let page = try await server.backend("GET", "/waitlist_entries" + query).json
                return (page["data"] as? [[String: Any]] ?? []).compactMap { $0["email_address"] as? String }
            }
            #expect(try await emails("?order_by=email_address") == addresses)
            #expect(try await emails("?order_by=-email_address&limit=1&offset=1") == [addresses[1]])
            #expect(try await emails("?status=invited") == [addresses[1]])
            #expect(try await emails("?query=" + ids[2]) == [addresses[2]])
            expectError(try await server.backend("GET", "/waitlist_entries?status=waiting"), status: 422, code: "form_param_value_invalid")

            let deleted = try await server.backend("DELETE", "/waitlist_entries/\(ids[0])")
            #expect(deleted.json["deleted"] as? Bool == true && deleted.json["object"] as? String == "waitlist_entry")
            expectError(try await server.backend("DELETE", "/waitlist_entries/\(ids[1])"), status: 409, code: "waitlist_entry_already_invited")
            expectError(try await server.backend("POST", "/waitlist_entries/wle_missing/invite"), status: 404, code: "resource_not_found")
            #expect(try await server.backend("GET", "/waitlist_entries").json["total_count"] as? Int == 2)
        }
    }
}

import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Invitations: created, listed and revoked over the Backend API (`/bapi/v1/invitations`), sent by
/// email with a link carrying the ticket, and accepted by a sign-up with `strategy=ticket`; each
/// refusal with Clerk's code and no state change.
@Suite("Invitations")
struct InvitationTests {
    @Test("created: the Invitation object, the email and its link; the ticket is answered once")
    func created() async throws {
        try await withServer(SettingsPreset.invitations.settings) { server in
            let email = Fixture.email("invited")
            let created = try await server.invite(
                email, ["public_metadata": ["plan": "team"], "redirect_url": "clerk-local://accept?from=mail", "expires_in_days": 7])
            #expect(created.status == 200, "\(created.bodyText)")
            let object = created.json
            #expect(object["object"] as? String == "invitation")
            #expect((object["id"] as? String)?.hasPrefix("inv_") == true)
            #expect(object["email_address"] as? String == email)
            #expect((object["public_metadata"] as? [String: Any])?["plan"] as? String == "team")
            #expect(object["revoked"] as? Bool == false && object["status"] as? String == "pending")
            let createdAt = try #require(object["created_at"] as? Int)
            #expect(object["expires_at"] as? Int == createdAt + 7 * 24 * 3600 * 1000)
            #expect(object["updated_at"] as? Int == createdAt)

            let url = try #require(object["url"] as? String)
            let items = try #require(URLComponents(string: url)?.queryItems)
            #expect(url.hasPrefix("clerk-local://accept?from=mail&"))
            #expect(items.first { $0.name == "__clerk_status" }?.value == "sign_up")
            let ticket = try #require(items.first { $0.name == "__clerk_ticket" }?.value)
            #expect(ticket.count >= 32)

            let mail = try #require(server.outbox(to: email).last)
            #expect(mail.purpose == "invitation" && mail.channel == .email && mail.code == nil)
            #expect(mail.link == url)

            let listed = try await server.backend("GET", "/invitations").jsonArray
            #expect(listed.count == 1 && listed.first?["id"] as? String == object["id"] as? String)
            #expect(listed.first?["url"] == nil, "the link carries the ticket, kept only as a digest")
            let stored = try await server.core.store.perform { Array($0[rules: BackendAPIRules.self].invitations.values) }
            #expect(stored.count == 1 && stored.first?.ticketDigest == TokenDigest.of(ticket))
        }
    }

    @Test("notify false sends nothing; no redirect_url links to the instance's sign-up; 30 days by default")
    func defaults() async throws {
        try await withServer(SettingsPreset.invitations.settings) { server in
            let quiet = Fixture.email("quiet")
            let created = try await server.invite(quiet, ["notify": false])
            #expect(created.status == 200, "\(created.bodyText)")
            #expect(server.outbox(to: quiet).isEmpty)
            let url = try #require(created.json["url"] as? String)
            #expect(url.hasPrefix(server.core.baseURL + "/sign-up?__clerk_ticket="))
            let createdAt = try #require(created.json["created_at"] as? Int)
            #expect(created.json["expires_at"] as? Int == createdAt + 30 * 24 * 3600 * 1000)
        }
    }

    @Test("listed by status, query and order, paged, with a total when paginated")
    func listed() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.invitations.settings, now: { clock.now() }) { server in
            var ids: [String] = []
            for name in ["ada", "bob", "cyd", "dee"] {
                ids.append(try #require(try await server.invite("\(name)@example.com", ["expires_in_days": name == "dee" ? 1 : 30]).json["id"] as? String))
                clock.advance(by: .seconds(1))
            }
            #expect(try await server.backend("POST", "/invitations/\(ids[1])/revoke").status == 200)
            clock.advance(by: .seconds(2 * 24 * 3600))

            func list(_ query: String) async throws -> [String] {
                try await server.backend("GET", "/invitations" + query).jsonArray.compactMap { $0["id"] as? String }
            }
            #expect(try await list("") == [ids[3], ids[2], ids[0]], "newest first by default, revoked ones left out")
            #expect(try await list("?status=pending") == [ids[2], ids[0]])
            #expect(try await list("?status=revoked") == [ids[1]])
            #expect(try await list("?status=expired") == [ids[3]])
            #expect(try await list("?order_by=email_address&limit=2&offset=1") == [ids[2], ids[3]])
            #expect(try await list("?query=cyd") == [ids[2]])
            let page = try await server.backend("GET", "/invitations?paginated=true&limit=1").json
            #expect(page["total_count"] as? Int == 3 && (page["data"] as? [Any])?.count == 1)
            let expired = try await server.backend("GET", "/invitations?status=expired").jsonArray.first
            #expect(expired?["status"] as? String == "expired" && expired?["revoked"] as? Bool == false)

            expectError(try await server.backend("GET", "/invitations?status=lost"), status: 422, code: "form_param_value_invalid", param: "status")
            expectError(try await server.backend("GET", "/invitations?limit=0"), status: 422, code: "form_param_format_invalid", param: "limit")
            expectError(try await server.backend("GET", "/invitations?order_by=name"), status: 422, code: "form_param_value_invalid")
        }
    }

    @Test("revoked once: the second revocation, an accepted one and an unknown id are refused")
    func revoked() async throws {
        try await withServer(SettingsPreset.invitations.settings) { server in
            let id = try #require(try await server.invite(Fixture.email()).json["id"] as? String)
            let revoked = try await server.backend("POST", "/invitations/\(id)/revoke")
            #expect(revoked.json["status"] as? String == "revoked" && revoked.json["revoked"] as? Bool == true, "\(revoked.bodyText)")
            #expect(revoked.json["url"] == nil)
            let before = try await server.backend("GET", "/invitations").bodyText
            expectError(try await server.backend("POST", "/invitations/\(id)/revoke"), status: 400, code: "invitation_already_revoked")
            expectError(try await server.backend("POST", "/invitations/inv_missing/revoke"), status: 404, code: "resource_not_found")
            #expect(try await server.backend("GET", "/invitations").bodyText == before)

            let email = Fixture.email("accepted")
            let ticket = try await server.inviteTicket(email)
            let done = try await server.client().signUp([("strategy", "ticket"), ("ticket", ticket), ("password", Fixture.password)])
            #expect(try done.signUp.status == .complete, "\(done.bodyText)")
            let acceptedID = try #require(try await server.backend("GET", "/invitations?status=accepted").jsonArray.first?["id"] as? String)
            expectError(try await server.backend("POST", "/invitations/\(acceptedID)/revoke"), status: 400, code: "invitation_already_accepted")
            #expect(try await server.backend("GET", "/invitations?status=accepted").jsonArray.count == 1)
        }
    }

    @Test("creation refused: an address with an account, a pending invitation, a bad redirect or lifetime; nothing stored or sent")
    func creationRefusals() async throws {
        try await withServer(SettingsPreset.invitations.settings) { server in
            let member = Fixture.email("member")
            _ = try await server.seedUser(SeedUser(emailAddress: member, password: Fixture.password))
            expectError(try await server.invite(member), status: 422, code: "form_identifier_exists", param: "email_address")

            let invited = Fixture.email("invited")
            #expect(try await server.invite(invited).status == 200)
            let duplicate = try await server.invite(invited)
            expectError(duplicate, status: 400, code: "duplicate_record")
            #expect(duplicate.bodyText.contains(invited))

            let other = Fixture.email("other")
            expectError(try await server.invite(other, ["redirect_url": "https://evil.example"]), status: 422, code: "invalid_redirect_url")
            expectError(try await server.invite(other, ["redirect_url": "javascript:alert(1)"]), status: 422, code: "prohibited_redirect_url")
            expectError(try await server.invite(other, ["expires_in_days": 366]), status: 422, code: "form_param_format_invalid")
            expectError(try await server.invite(other, ["public_metadata": "text"]), status: 422, code: "form_param_format_invalid")
            expectError(try await server.invite(other, ["template_slug": "welcome"]), status: 422, code: "form_param_value_invalid")
            expectError(try await server.invite(other, ["role": "admin"]), status: 422, code: "form_param_unknown")
            expectError(try await server.invite("not-an-address"), status: 422, code: "form_param_format_invalid")
            #expect(try await server.backend("POST", "/invitations", json: ["email_address": other], key: .some(nil)).status == 401)

            #expect(try await server.backend("GET", "/invitations").jsonArray.count == 1)
            #expect(server.outbox(to: member).isEmpty && server.outbox(to: other).isEmpty)
            #expect(server.outbox(to: invited).count == 1)

            #expect(try await server.invite(invited, ["ignore_existing": true]).status == 200)
            #expect(try await server.invite(member, ["ignore_existing": true]).status == 200)
            #expect(try await server.backend("GET", "/invitations?status=pending").jsonArray.count == 3)
        }
    }

    @Test("invitations need email addresses on the instance")
    func needsEmail() async throws {
        try await withServer(SettingsPreset.phoneCode.settings) { server in
            expectError(try await server.invite(Fixture.email()), status: 400, code: "invitations_not_supported")
        }
    }
}

extension TestServer {
    /// `POST /bapi/v1/invitations` for `email`, with more fields.
    func invite(_ email: String, _ fields: [String: Any] = [:]) async throws -> FAPIClient.Answer {
        try await backend("POST", "/invitations", json: fields.merging(["email_address": email]) { first, _ in first })
    }

    /// The ticket of a new invitation for `email`, read from the email's link.
    func inviteTicket(_ email: String, _ fields: [String: Any] = [:]) async throws -> String {
        let created = try await invite(email, fields)
        #expect(created.status == 200, "\(created.bodyText)")
        let link = try #require(outbox(to: email).last?.link ?? created.json["url"] as? String)
        return try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "__clerk_ticket" }?.value)
    }
}

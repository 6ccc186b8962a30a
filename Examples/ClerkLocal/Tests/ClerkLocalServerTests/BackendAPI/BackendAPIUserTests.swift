import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The Backend API's users under `/bapi/v1`, in router mode: the secret key, the User object as
/// the spec shapes it, the list filters, refusals, and no secret in any answer.
@Suite("Backend API: users")
struct BackendAPIUserTests {
    @Test("Every call needs the secret key as a Bearer token; refusals are in the error envelope")
    func secretKeyRequired() async throws {
        try await withServer { server in
            #expect(server.core.backendSecretKey.hasPrefix("sk_test_"))
            expectError(try await server.backend("GET", "/users", key: .some(nil)), status: 401, code: "authentication_invalid")
            expectError(try await server.backend("GET", "/users", key: "sk_test_wrongwrongwrongwrong"), status: 401, code: "authentication_invalid")
            expectError(try await server.backend("POST", "/testing_tokens", key: .some(nil)), status: 401, code: "authentication_invalid")
            #expect(try await server.backend("GET", "/users").status == 200)
        }
    }

    @Test("Create, get, update and delete a user; the answers never carry the password or its hash")
    func lifecycle() async throws {
        try await withServer { server in
            let email = Fixture.email()
            let created = try await server.backend(
                "POST", "/users",
                json: ["email_address": [email], "password": Fixture.password, "first_name": "Jane", "username": "jane_doe"])
            #expect(created.status == 200, "\(created.bodyText)")
            let user = created.json
            let id = try #require(user["id"] as? String)
            #expect(user["object"] as? String == "user")
            #expect(user["password_enabled"] as? Bool == true)
            #expect(user["locked"] as? Bool == false)
            #expect(user.keys.contains("external_id") && user["external_id"] is NSNull, "required nullable keys are present as null")
            let emails = try #require(user["email_addresses"] as? [[String: Any]])
            #expect(emails.first?["email_address"] as? String == email)
            #expect(user["primary_email_address_id"] as? String == emails.first?["id"] as? String)
            #expect((emails.first?["verification"] as? [String: Any])?["status"] as? String == "verified")
            let stored = try #require(await server.core.store.users[id]?.passwordHash)
            for answer in [created, try await server.backend("GET", "/users/\(id)"), try await server.backend("GET", "/users")] {
                #expect(!answer.bodyText.contains(Fixture.password))
                #expect(!answer.bodyText.contains(stored))
                #expect(!answer.bodyText.contains("password_digest") && !answer.bodyText.contains("totp_secret"))
            }

            let updated = try await server.backend("PATCH", "/users/\(id)", json: ["last_name": "Doe", "username": "jane_d"])
            #expect(updated.status == 200, "\(updated.bodyText)")
            #expect(updated.json["last_name"] as? String == "Doe")
            #expect(updated.json["first_name"] as? String == "Jane", "fields not sent keep their values")
            #expect(updated.json["username"] as? String == "jane_d")

            let deleted = try await server.backend("DELETE", "/users/\(id)")
            #expect(deleted.json["deleted"] as? Bool == true && deleted.json["id"] as? String == id)
            expectError(try await server.backend("GET", "/users/\(id)"), status: 404, code: "resource_not_found")
            let signIn = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            #expect(signIn.status != 200, "a deleted user cannot sign in")
        }
    }

    @Test("The list filters by email, phone, username, id (with exclusion) and query; orders and pages; counts")
    func listFilters() async throws {
        try await withServer { server in
            var ids: [String] = []
            for (name, phone) in [("anna", "+12015550101"), ("bobby", "+12015550102"), ("cydney", "+12015550103")] {
                let answer = try await server.backend(
                    "POST", "/users",
                    json: [
                        "email_address": ["\(name)@example.com"], "phone_number": [phone], "username": name, "first_name": name.capitalized,
                        "skip_password_requirement": true,
                    ])
                ids.append(try #require(answer.json["id"] as? String, "\(answer.bodyText)"))
            }
            func usernames(_ query: String) async throws -> [String] {
                let answer = try await server.backend("GET", "/users?" + query)
                #expect(answer.status == 200, "\(answer.bodyText)")
                return answer.jsonArray.compactMap { $0["username"] as? String }
            }
            #expect(try await usernames("") == ["cydney", "bobby", "anna"], "newest first by default")
            #expect(try await usernames("order_by=%2Busername") == ["anna", "bobby", "cydney"])
            #expect(try await usernames("order_by=-first_name&limit=2&offset=1") == ["bobby", "anna"])
            #expect(try await usernames("email_address=anna@example.com&email_address=cydney@example.com&order_by=username") == ["anna", "cydney"])
            #expect(try await usernames("phone_number=%2B12015550102") == ["bobby"])
            #expect(try await usernames("username=BOBBY") == ["bobby"])
            #expect(try await usernames("user_id=\(ids[0])") == ["anna"])
            #expect(try await usernames("user_id=-\(ids[0])&order_by=username") == ["bobby", "cydney"])
            // Ids are random letters and digits: a query with "@" can only match an email address.
            #expect(try await usernames("query=DNEY%40EXAMPLE") == ["cydney"])
            #expect(try await usernames("query=nobody") == [])
            let count = try await server.backend("GET", "/users/count?query=example.com")
            #expect(count.json["object"] as? String == "total_count" && count.json["total_count"] as? Int == 3)
        }
    }

    @Test("Bad input is refused in the error envelope, never with a 500, and changes nothing")
    func badInput() async throws {
        try await withServer { server in
            let email = Fixture.email()
            #expect(try await server.backend("POST", "/users", json: ["email_address": [email], "password": Fixture.password]).status == 200)
            expectError(try await server.backend("POST", "/users", json: ["email_address": [email]]), status: 422, code: "form_identifier_exists")
            expectError(
                try await server.backend("POST", "/users", json: ["email_address": ["not-an-email"], "password": Fixture.password]), status: 422,
                code: "form_param_format_invalid", param: "email_address")
            expectError(try await server.backend("POST", "/users", json: ["email_address": Fixture.email()]), status: 422, code: "form_param_format_invalid")
            expectError(try await server.backend("POST", "/users", json: ["username": "zed", "favourite": 1]), status: 422, code: "form_param_unknown")
            expectError(
                try await server.backend("POST", "/users", json: ["email_address": [Fixture.email()], "password": "short"]), status: 422,
                code: "form_password_length_too_short")
            #expect(
                try await server.backend("POST", "/users", json: ["username": "short_pw", "password": "short", "skip_password_checks": true]).status == 200)
            expectError(try await server.backend("POST", "/users", json: [:]), status: 422, code: "form_param_missing")
            expectError(try await server.backend("GET", "/users?limit=0"), status: 422, code: "form_param_format_invalid", param: "limit")
            expectError(try await server.backend("GET", "/users?offset=x"), status: 422, code: "form_param_format_invalid", param: "offset")
            expectError(try await server.backend("GET", "/users?order_by=password"), status: 422, code: "form_param_value_invalid", param: "order_by")
            expectError(try await server.backend("GET", "/sessions?status=sleeping"), status: 422, code: "form_param_value_invalid", param: "status")
            expectError(try await server.backend("PATCH", "/users/user_missing", json: ["first_name": "X"]), status: 404, code: "resource_not_found")
            expectError(try await server.backend("POST", "/users/user_missing/lock"), status: 404, code: "resource_not_found")
            let client = server.client()
            client.token = "Bearer " + server.core.backendSecretKey
            let garbled = try await client.send("POST", "/bapi/v1/users", rawBody: Data("{not json".utf8), contentType: "application/json")
            #expect(garbled.status == 400 && garbled.error?.code.rawValue == "request_body_invalid", "\(garbled.bodyText)")
            #expect(await server.core.store.users.count == 2)
        }
    }

    @Test("A locked user cannot sign in until unlocked; the lock has no expiry to show")
    func lockAndUnlock() async throws {
        try await withServer { server in
            let email = Fixture.email()
            let id = try #require(
                try await server.backend("POST", "/users", json: ["email_address": [email], "password": Fixture.password]).json["id"] as? String)
            let locked = try await server.backend("POST", "/users/\(id)/lock")
            #expect(locked.json["locked"] as? Bool == true, "\(locked.bodyText)")
            #expect(locked.json["lockout_expires_in_seconds"] is NSNull)
            expectError(try await server.client().signIn([("identifier", email), ("password", Fixture.password)]), status: 403, code: "user_locked")
            let unlocked = try await server.backend("POST", "/users/\(id)/unlock")
            #expect(unlocked.json["locked"] as? Bool == false)
            let signIn = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            #expect(signIn.status == 200, "\(signIn.bodyText)")
        }
    }
}

import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// One rule for passwords and names on every path that sets them: the Frontend API's sign-up, the
/// account API, the Backend API, the admin API and the dashboard.
@Suite("Security: one rule for passwords and names on every path")
struct UserFieldRuleTests {
    /// 73 bytes: bcrypt reads only the first 72, so any password sharing them would sign in.
    static let longPassword = String(repeating: "p", count: 72) + "X"
    static let controlName = "Ada\u{1b}[2J"
    static let longName = String(repeating: "n", count: 300)
    /// One Character (a letter and 2,000 combining marks), 4,001 bytes.
    static let stackedName = "e" + String(repeating: "\u{301}", count: 2000)

    @Test("A password over 72 bytes is refused by the Backend API (even skipping checks), the admin API and the dashboard")
    func passwordOver72Bytes() async throws {
        try await withServer(DashboardTests.oneStep) { server in
            let backend = try await server.backend(
                "POST", "/users", json: ["email_address": [Fixture.email()], "password": Self.longPassword, "skip_password_checks": true])
            expectError(backend, status: 422, code: "form_password_length_too_long", param: "password")
            let user = try await server.backend("POST", "/users", json: ["email_address": [Fixture.email()], "password": Fixture.password])
            let id = try #require(user.json["id"] as? String)
            let update = try await server.backend("PATCH", "/users/\(id)", json: ["password": Self.longPassword, "skip_password_checks": true])
            expectError(update, status: 422, code: "form_password_length_too_long", param: "password")

            let seed = try JSONSerialization.data(withJSONObject: ["email_address": Fixture.email(), "password": Self.longPassword])
            let admin = try await server.client().send("POST", "/__local/admin/users", rawBody: seed, contentType: "application/json")
            expectError(admin, status: 422, code: "form_password_length_too_long", param: "password")
            let form = try await DashboardBrowser(server).post("/users", [("email_address", Fixture.email()), ("password", Self.longPassword)])
            #expect(form.status == 303, "refused, and the page shows why after the redirect")
            #expect(await server.core.store.users.count == 1, "only the user with a valid password exists")
        }
    }

    @Test(
        "Names with control characters, over 256 characters or over 1024 bytes are refused on every path",
        arguments: [controlName, longName, stackedName])
    func names(_ name: String) async throws {
        try await withServer(DashboardTests.oneStep) { server in
            let expected = name == Self.controlName ? "form_param_value_invalid" : "form_param_max_length_exceeded"
            let signUp = try await server.client().signUp([("email_address", Fixture.email()), ("password", Fixture.password), ("first_name", name)])
            expectError(signUp, status: 422, code: expected, param: "first_name")
            let created = try await server.backend(
                "POST", "/users", json: ["email_address": [Fixture.email()], "password": Fixture.password, "last_name": name])
            expectError(created, status: 422, code: expected, param: "last_name")
            let user = try await server.backend(
                "POST", "/users", json: ["email_address": [Fixture.email()], "password": Fixture.password, "first_name": "Ada"])
            let id = try #require(user.json["id"] as? String)
            expectError(try await server.backend("PATCH", "/users/\(id)", json: ["first_name": name]), status: 422, code: expected, param: "first_name")
            let seed = try JSONSerialization.data(withJSONObject: ["email_address": Fixture.email(), "first_name": name])
            let admin = try await server.client().send("POST", "/__local/admin/users", rawBody: seed, contentType: "application/json")
            expectError(admin, status: 422, code: expected, param: "first_name")
            let form = try await DashboardBrowser(server).post("/users", [("email_address", Fixture.email()), ("last_name", name)])
            #expect(form.status == 303, "refused, and the page shows why after the redirect")
            let names = await server.core.store.users.values.flatMap { [$0.firstName, $0.lastName] }
            #expect(names.compactMap { $0 } == ["Ada"], "no refused name was stored")
        }
    }
}

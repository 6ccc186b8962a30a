import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Bad input: Clerk's error envelope, the right code and param_name, no state change")
struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var method = "POST"
        var path: String
        var form: [(String, String)] = []
        var raw: String?
        var contentType: String?
        var status: Int
        var code: String
        var param: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "invalid email identifier", path: "/v1/client/sign_ins", form: [("identifier", "jane@nowhere")],
            status: 422, code: "form_param_format_invalid", param: "identifier"),
        Case(
            name: "non-E.164 phone identifier", path: "/v1/client/sign_ins", form: [("identifier", "+12")],
            status: 422, code: "form_param_format_invalid", param: "identifier"),
        Case(
            name: "unknown parameter", path: "/v1/client/sign_ins", form: [("identifier", "a@example.com"), ("favourite_colour", "red")],
            status: 422, code: "form_param_unknown", param: "favourite_colour"),
        Case(
            name: "duplicate parameter", path: "/v1/client/sign_ins", form: [("identifier", "a@example.com"), ("identifier", "b@example.com")],
            status: 422, code: "form_param_duplicate", param: "identifier"),
        Case(
            name: "boolean that is not one", path: "/v1/client/sign_ins", form: [("identifier", "a@example.com"), ("sign_up_if_missing", "maybe")],
            status: 422, code: "form_param_format_invalid", param: "sign_up_if_missing"),
        Case(
            name: "unknown strategy", path: "/v1/client/sign_ins", form: [("identifier", "a@example.com"), ("strategy", "carrier_pigeon")],
            status: 422, code: "form_param_value_invalid", param: "strategy"),
        Case(
            name: "password without identifier", path: "/v1/client/sign_ins", form: [("password", Fixture.password)],
            status: 422, code: "form_param_missing", param: "identifier"),
        Case(
            name: "malformed percent escape", path: "/v1/client/sign_ins", raw: "identifier=%ZZ",
            status: 400, code: "malformed_request_parameters"),
        Case(
            name: "JSON body", path: "/v1/client/sign_ins", raw: #"{"identifier":"a@example.com"}"#, contentType: "application/json",
            status: 415, code: "unsupported_content_type"),
        Case(
            name: "oversized body", path: "/v1/client/sign_ins", raw: "identifier=" + String(repeating: "a", count: 100_000),
            status: 413, code: "request_body_too_large"),
        Case(
            name: "sign-up with an invalid email", path: "/v1/client/sign_ups", form: [("email_address", "not-an-email")],
            status: 422, code: "form_param_format_invalid", param: "email_address"),
        Case(
            name: "sign-up with a non-E.164 phone", path: "/v1/client/sign_ups", form: [("email_address", "a@example.com"), ("phone_number", "2015550123")],
            status: 422, code: "form_param_format_invalid", param: "phone_number"),
        Case(
            name: "sign-up with a short password", path: "/v1/client/sign_ups", form: [("email_address", "a@example.com"), ("password", "short")],
            status: 422, code: "form_password_length_too_short", param: "password"),
        Case(
            name: "sign-up with a common password", path: "/v1/client/sign_ups", form: [("email_address", "a@example.com"), ("password", "password123")],
            status: 422, code: "form_password_pwned", param: "password"),
        Case(
            name: "sign-up with metadata that is not JSON", path: "/v1/client/sign_ups",
            form: [("email_address", "a@example.com"), ("unsafe_metadata", "{oops")],
            status: 422, code: "form_param_format_invalid", param: "unsafe_metadata"),
        Case(
            name: "sign-up with metadata that is not an object", path: "/v1/client/sign_ups",
            form: [("email_address", "a@example.com"), ("unsafe_metadata", "[1]")],
            status: 422, code: "form_param_value_invalid", param: "unsafe_metadata"),
        Case(
            name: "sign-up with a disabled attribute", path: "/v1/client/sign_ups", form: [("email_address", "a@example.com"), ("username", "jane_doe")],
            status: 422, code: "form_param_unknown", param: "username"),
        Case(name: "sign-in of no client", method: "GET", path: "/v1/client/sign_ins/sia_abc", status: 401, code: "authentication_invalid"),
        Case(name: "token of no client", path: "/v1/client/sessions/sess_abc/tokens", status: 401, code: "authentication_invalid"),
        Case(name: "unknown path", method: "GET", path: "/v1/nowhere", status: 404, code: "resource_not_found"),
    ]

    @Test("Refused before any state exists", arguments: cases)
    func refusedWithoutState(_ testCase: Case) async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let device = server.client()
            let answer = try await device.send(
                testCase.method, testCase.path, form: testCase.form, rawBody: testCase.raw.map { Data($0.utf8) },
                contentType: testCase.contentType)
            expectError(answer, status: testCase.status, code: testCase.code, param: testCase.param)
            #expect(device.token == nil, "a refused request creates no client")
            let users = try await device.send("GET", "/__local/admin/users")
            #expect((users.json["users"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("Out-of-order operations and other clients' ids are refused and change nothing")
    func outOfOrder() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            let owner = server.client()
            let signIn = try await owner.signIn([("identifier", email)]).signIn
            let before = try await owner.send("GET", "/v1/client/sign_ins/\(signIn.id)").data

            let attempts: [(FAPIClient.Answer, Int, String, String?)] = [
                (
                    try await owner.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", "123456")]), 400,
                    "verification_missing", nil
                ),
                (
                    try await owner.signInAction(signIn.id, "attempt_second_factor", [("strategy", "totp"), ("code", "123456")]), 400, "client_state_invalid",
                    nil
                ),
                (try await owner.signInAction(signIn.id, "prepare_first_factor", [("strategy", "oauth_google")]), 400, "strategy_for_user_invalid", nil),
                (try await owner.signInAction(signIn.id, "prepare_first_factor", []), 422, "form_param_missing", "strategy"),
                (
                    try await owner.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code"), ("email_address_id", "idn_other")]), 422,
                    "form_resource_not_found", "email_address_id"
                ),
                (try await owner.signInAction(signIn.id, "reset_password", [("password", Fixture.password)]), 400, "client_state_invalid", nil),
                (try await owner.send("POST", "/v1/client/sessions/sess_missing/touch"), 404, "resource_not_found", nil),
            ]
            for (answer, status, code, param) in attempts {
                expectError(answer, status: status, code: code, param: param)
            }
            let stranger = server.client()
            _ = try await stranger.send("POST", "/v1/client")
            let foreign = try await stranger.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code")])
            expectError(foreign, status: 404, code: "resource_not_found")
            let foreignRead = try await stranger.send("GET", "/v1/client/sign_ins/\(signIn.id)")
            expectError(foreignRead, status: 404, code: "resource_not_found")

            let after = try await owner.send("GET", "/v1/client/sign_ins/\(signIn.id)").data
            #expect(SignUpIfMissingTests.shape(before, email: email) == SignUpIfMissingTests.shape(after, email: email))
            #expect(server.outbox(to: email).isEmpty, "no refused request sent a code")
        }
    }

    @Test("Both boolean spellings are accepted (true/false from JS, 1/0 from iOS)")
    func booleans() async throws {
        try await withServer(SettingsPreset.signInOrUp.settings) { server in
            for value in ["true", "1", "TRUE"] {
                let answer = try await server.client().signIn([("identifier", Fixture.email()), ("sign_up_if_missing", value)])
                #expect(answer.status == 200)
            }
            let off = try await server.client().signIn([("identifier", Fixture.email()), ("sign_up_if_missing", "0")])
            expectError(off, status: 422, code: "form_identifier_not_found", param: "identifier")
        }
    }
}

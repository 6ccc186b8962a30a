import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Frontend API answers of invitations, for the spec validation: the restricted refusal, a sign-up
    /// with a ticket (complete and missing a field), a sign-in with an invitation's ticket for a new
    /// address, and the refused tickets.
    static func invitationAnswers() async throws -> [FAPIClient.Record] {
        var settings = SettingsPreset.invitations.settings
        settings.lastName = NameFieldSettings(enabled: true, required: false)
        return try await withServer(settings) { server in
            let device = server.client()
            try await device.signUp([("email_address", Fixture.email()), ("password", Fixture.password)])
            let ticket = try await server.inviteTicket(Fixture.email("invited"), ["public_metadata": ["plan": "team"]])
            try await device.signIn([("strategy", "ticket"), ("ticket", ticket)])
            let started = try await device.signUp([("strategy", "ticket"), ("ticket", ticket)]).signUp
            try await device.send(
                "PATCH", "/v1/client/sign_ups/\(started.id)", form: [("password", Fixture.password), ("last_name", "Lovelace")],
                operation: "updateSignUps")
            let again = server.client()
            try await again.signUp([("strategy", "ticket"), ("ticket", ticket)])
            try await again.signUp([("strategy", "ticket"), ("ticket", "not-a-ticket")])
            return device.recorded + again.recorded
        }
    }
}

/// Backend API answers of invitations against the schemas of Clerk's Backend API spec: `CLERK_BAPI_SPEC`
/// names it, else the `bapi-*.yml` beside `CLERK_FAPI_SPEC`'s file with the same date.
@Suite(
    "Invitation answers conform to the Backend API spec",
    .enabled(TestTools.missing("Python's openapi-schema-validator or PyYAML")) { TestTools.pythonImports("openapi_schema_validator", "yaml") })
struct InvitationSpecValidationTests {
    static let spec: URL? =
        (ProcessInfo.processInfo.environment["CLERK_BAPI_SPEC"].map { URL(fileURLWithPath: $0) }
        ?? SpecValidationTests.spec.map { fapi in
            fapi.deletingLastPathComponent().appendingPathComponent(fapi.lastPathComponent.replacingOccurrences(of: "fapi-", with: "bapi-"))
        })
        .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }

    @Test(
        "created, listed, revoked, and the refusals",
        .enabled(if: spec != nil, "needs Clerk's Backend API spec: CLERK_BAPI_SPEC, or a bapi- file beside CLERK_FAPI_SPEC"))
    func backendAnswersValidate() async throws {
        let spec = try #require(Self.spec)
        let records = try await withServer(SettingsPreset.invitations.settings) { server in
            func record(_ operation: String, _ answer: FAPIClient.Answer) -> FAPIClient.Record {
                FAPIClient.Record(operation: operation, status: answer.status, data: answer.data)
            }
            let email = Fixture.email("invited")
            let created = try await server.invite(email, ["public_metadata": ["plan": "team"], "expires_in_days": 3])
            let id = try #require(created.json["id"] as? String)
            _ = try await server.invite(Fixture.email("plain"))
            return [
                record("CreateInvitation", created),
                record("ListInvitations", try await server.backend("GET", "/invitations")),
                record("RevokeInvitation", try await server.backend("POST", "/invitations/\(id)/revoke")),
                record("ListInvitations", try await server.backend("GET", "/invitations?status=revoked")),
                record("RevokeInvitation", try await server.backend("POST", "/invitations/\(id)/revoke")),
                record("RevokeInvitation", try await server.backend("POST", "/invitations/inv_missing/revoke")),
                record("CreateInvitation", try await server.invite(Fixture.email("plain2"), ["redirect_url": "https://evil.example"])),
            ]
        }
        #expect(records.map(\.status) == [200, 200, 200, 200, 400, 404, 422])
        try SpecValidationTests.validate(records, against: spec)
    }
}

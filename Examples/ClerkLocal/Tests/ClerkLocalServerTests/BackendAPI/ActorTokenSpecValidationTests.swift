import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Actor-token answers against Clerk's specs: the Backend API's (`CreateActorToken`, `RevokeActorToken`,
/// `GetSessionList` with the actor) and the Frontend API's (the sign-in whose session carries the actor,
/// and the refused reuse). Skipped without the specs, as the other spec validations are.
@Suite(
    "Actor-token answers conform to Clerk's specs",
    .enabled(TestTools.missing("Python's openapi-schema-validator or PyYAML")) { TestTools.pythonImports("openapi_schema_validator", "yaml") })
struct ActorTokenSpecValidationTests {
    @Test(
        "created, revoked, refused, and the impersonated session",
        .enabled(if: InvitationSpecValidationTests.spec != nil && SpecValidationTests.spec != nil, "needs Clerk's Backend and Frontend API specs"))
    func answersValidate() async throws {
        let backendSpec = try #require(InvitationSpecValidationTests.spec)
        let frontendSpec = try #require(SpecValidationTests.spec)
        let (backend, frontend) = try await withServer(SettingsPreset.emailPassword.settings) { server in
            func record(_ operation: String, _ answer: FAPIClient.Answer) -> FAPIClient.Record {
                FAPIClient.Record(operation: operation, status: answer.status, data: answer.data)
            }
            let customer = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password)).id
            let body: [String: Any] = ["user_id": customer, "actor": ["sub": "user_support", "reason": "ticket 42"]]
            let used = try await server.backend("POST", "/actor_tokens", json: body)
            let spare = try await server.backend("POST", "/actor_tokens", json: body.merging(["session_max_duration_in_seconds": 600]) { $1 })
            let token = try #require(used.json["token"] as? String)
            let spareID = try #require(spare.json["id"] as? String)
            let device = server.client()
            try await device.signIn([("strategy", "ticket"), ("ticket", token)])
            let again = server.client()
            try await again.signIn([("strategy", "ticket"), ("ticket", token)])
            let backend = [
                record("CreateActorToken", used),
                record("CreateActorToken", spare),
                record("RevokeActorToken", try await server.backend("POST", "/actor_tokens/\(spareID)/revoke")),
                record("RevokeActorToken", try await server.backend("POST", "/actor_tokens/\(spareID)/revoke")),
                record("RevokeActorToken", try await server.backend("POST", "/actor_tokens/act_missing/revoke")),
                record("CreateActorToken", try await server.backend("POST", "/actor_tokens", json: ["user_id": customer])),
                record("GetSessionList", try await server.backend("GET", "/sessions?user_id=\(customer)")),
            ]
            return (backend, device.recorded + again.recorded)
        }
        #expect(backend.map(\.status) == [200, 200, 200, 400, 404, 422, 200])
        #expect(frontend.map(\.status) == [200, 400])
        try SpecValidationTests.validate(backend, against: backendSpec)
        try SpecValidationTests.validate(frontend, against: frontendSpec)
    }
}

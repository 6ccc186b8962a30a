import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Frontend API answers of the waitlist, for the spec validation: a join, the same join again, a
    /// malformed address, and the sign-up refused in waitlist mode.
    static func waitlistAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(WaitlistTests.settings) { server in
            let device = server.client()
            let email = Fixture.email("waiting")
            try await device.send("POST", "/v1/waitlist", form: [("email_address", email)], operation: "joinWaitlist")
            try await device.send("POST", "/v1/waitlist", form: [("email_address", email)], operation: "joinWaitlist")
            try await device.send("POST", "/v1/waitlist", form: [("email_address", "not-an-address")], operation: "joinWaitlist")
            try await device.signUp([("email_address", email), ("password", Fixture.password)])
            return device.recorded
        }
    }
}

/// Backend API answers of the waitlist against the schemas of Clerk's Backend API spec.
@Suite(
    "Waitlist answers conform to the Backend API spec",
    .enabled(TestTools.missing("Python's openapi-schema-validator or PyYAML")) { TestTools.pythonImports("openapi_schema_validator", "yaml") })
struct WaitlistSpecValidationTests {
    @Test(
        "listed, created, invited, rejected, deleted, and the refusals",
        .enabled(if: InvitationSpecValidationTests.spec != nil, "needs Clerk's Backend API spec: CLERK_BAPI_SPEC, or a bapi- file beside CLERK_FAPI_SPEC"))
    func backendAnswersValidate() async throws {
        let spec = try #require(InvitationSpecValidationTests.spec)
        let records = try await withServer(WaitlistTests.settings) { server in
            func record(_ operation: String, _ answer: FAPIClient.Answer) -> FAPIClient.Record {
                FAPIClient.Record(operation: operation, status: answer.status, data: answer.data)
            }
            let created = try await server.backend("POST", "/waitlist_entries", json: ["email_address": Fixture.email("invited")])
            let id = try #require(created.json["id"] as? String)
            let other = try await server.backend("POST", "/waitlist_entries", json: ["email_address": Fixture.email("other"), "notify": false])
            let otherID = try #require(other.json["id"] as? String)
            let third = try await server.backend("POST", "/waitlist_entries", json: ["email_address": Fixture.email("third")])
            let thirdID = try #require(third.json["id"] as? String)
            return [
                record("CreateWaitlistEntry", created),
                record("InviteWaitlistEntry", try await server.backend("POST", "/waitlist_entries/\(id)/invite", json: ["ignore_existing": false])),
                record("ListWaitlistEntries", try await server.backend("GET", "/waitlist_entries")),
                record("RejectWaitlistEntry", try await server.backend("POST", "/waitlist_entries/\(otherID)/reject")),
                record("DeleteWaitlistEntry", try await server.backend("DELETE", "/waitlist_entries/\(thirdID)")),
                record("InviteWaitlistEntry", try await server.backend("POST", "/waitlist_entries/\(id)/invite")),
                record("RejectWaitlistEntry", try await server.backend("POST", "/waitlist_entries/wle_missing/reject")),
                record("CreateWaitlistEntry", try await server.backend("POST", "/waitlist_entries", json: ["email_address": "not-an-address"])),
            ]
        }
        #expect(records.map(\.status) == [200, 200, 200, 200, 200, 409, 404, 422])
        try SpecValidationTests.validate(records, against: spec)
    }
}

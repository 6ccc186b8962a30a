import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Account: the handle, the user, email addresses")
struct AccountHandleTests {
    @Test("without a session, getting the account fails with noSession and sends nothing")
    func noSession() async throws {
        let harness = Harness()
        let error = await clerkError { try await harness.client.account() }
        #expect(error == .flow(.noSession))
        let unknown = await clerkError { try await harness.client.account(sessionID: "sess_1") }
        #expect(unknown == .flow(.noSession))
        #expect(harness.requests.isEmpty)
    }

    @Test("a handle whose session was signed out fails before any request")
    func signedOutSession() async throws {
        let ended = Fixture.client(sessions: [], lastActive: nil)
        let harness = try await signedInHarness([.respond(Fixture.envelope(Fixture.session(status: .removed), client: ended))])
        let account = try await harness.client.account()
        try await harness.client.signOut()
        let error = await clerkError { try await account.user() }
        #expect(error == .flow(.noSession))
        #expect(harness.accountRequests.count == 1)
        expectRequest(harness.accountRequests[0], .post, "/v1/client/sessions/sess_1/remove")
    }

    @Test("an ended session the client still lists cannot act either")
    func endedSession() async throws {
        let harness = try await signedInHarness(Fixture.session(status: .ended), [])
        let error = await clerkError { try await harness.client.account(sessionID: "sess_1") }
        #expect(error == .flow(.noSession))
        #expect(harness.accountRequests.isEmpty)
    }

    @Test("a pending session can act: its tasks are resolved through the account")
    func pendingSession() async throws {
        let harness = try await signedInHarness(Fixture.session(status: .pending, tasks: [.setupMFA]), [])
        let account = try await harness.client.account()
        #expect(account.sessionID == "sess_1")
        #expect(account.description == "AccountHandle(sess_1)")
    }

    @Test("user: GET /v1/me with _clerk_session_id; update: PATCH /v1/me with only the fields set")
    func userReadAndUpdate() async throws {
        var renamed = Fixture.user()
        renamed.firstName = "Jane"
        let harness = try await signedInHarness([.respond(Fixture.account(Fixture.user())), .respond(Fixture.account(renamed))])
        let account = try await harness.client.account()
        let user = try await account.user()
        #expect(user.id == "user_1")
        let updated = try await account.update(.init(firstName: "Jane", lastName: "Doe"))
        #expect(updated.firstName == "Jane")
        expectRequest(harness.accountRequests[0], .get, "/v1/me", sessionID: "sess_1")
        expectRequest(harness.accountRequests[1], .patch, "/v1/me", form: [("first_name", "Jane"), ("last_name", "Doe")], sessionID: "sess_1")
    }

    @Test("the account of a given session names that session")
    func givenSession() async throws {
        let other = Fixture.session("sess_2")
        let client = Fixture.client(sessions: [Fixture.session(), other], lastActive: "sess_1")
        let harness = Harness([.respond(Fixture.envelope(Optional(client), client: client)), .respond(Fixture.envelope(Fixture.user(), client: client))])
        try await harness.client.refresh()
        _ = try await harness.client.account(sessionID: "sess_2").user()
        expectRequest(harness.requests[1], .get, "/v1/me", sessionID: "sess_2")
    }

    @Test("email addresses: list, add, send a code, verify, make primary, remove")
    func emailAddresses() async throws {
        let added = Fixture.email(verified: false)
        let verified = Fixture.email(verified: true)
        let harness = try await signedInHarness([
            .respond(TransportResponse(status: 200, json: Fixture.json([Fixture.email("idn_email", jane, verified: true)]))),
            .respond(Fixture.account(added)),
            .respond(Fixture.account(added)),
            .respond(Fixture.account(verified)),
            .respond(Fixture.account(Fixture.user(emails: [verified]))),
            .respond(Fixture.account(DeletedObject(id: "idn_email2", object: "email_address", deleted: true))),
        ])
        let account = try await harness.client.account()
        #expect(try await account.emailAddresses().map(\.emailAddress) == [jane])
        let address = try await account.addEmailAddress("jane.work+clerk_test@example.com")
        try await account.sendEmailCode(to: address.id)
        let checked = try await account.verifyEmailAddress(address.id, code: "424242")
        #expect(checked.verification?.status == .verified)
        _ = try await account.setPrimaryEmailAddress(address.id)
        let deleted = try await account.removeEmailAddress(address.id)
        #expect(deleted.deleted && deleted.id == "idn_email2")

        let sent = harness.accountRequests
        #expect(sent.count == 6)
        expectRequest(sent[0], .get, "/v1/me/email_addresses", sessionID: "sess_1")
        expectRequest(sent[1], .post, "/v1/me/email_addresses", form: [("email_address", "jane.work+clerk_test@example.com")], sessionID: "sess_1")
        expectRequest(sent[2], .post, "/v1/me/email_addresses/idn_email2/prepare_verification", form: [("strategy", "email_code")], sessionID: "sess_1")
        expectRequest(sent[3], .post, "/v1/me/email_addresses/idn_email2/attempt_verification", form: [("code", "424242")], sessionID: "sess_1")
        expectRequest(sent[4], .patch, "/v1/me", form: [("primary_email_address_id", "idn_email2")], sessionID: "sess_1")
        expectRequest(sent[5], .delete, "/v1/me/email_addresses/idn_email2", sessionID: "sess_1")
    }

    @Test("a wrong email code is a typed API error naming the code parameter, and is not retried")
    func wrongEmailCode() async throws {
        let harness = try await signedInHarness([.respond(Fixture.error(422, .formCodeIncorrect, param: "code"))])
        let error = await clerkError { try await harness.client.account().verifyEmailAddress("idn_email2", code: "000000") }
        #expect(error?.code == .formCodeIncorrect)
        #expect(error?.apiErrors.first?.meta?.paramName == "code")
        #expect(harness.accountRequests.count == 1)
    }

    @Test("reads are retried on 5xx; attempts never are")
    func retries() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.error(503, .init(rawValue: "service_unavailable"))),
            .respond(Fixture.account(Fixture.user())),
            .respond(Fixture.error(503, .init(rawValue: "service_unavailable"))),
        ])
        let account = try await harness.client.account()
        _ = try await account.user()
        #expect(harness.accountRequests.count == 2)
        let error = await clerkError { try await account.verifyEmailAddress("idn_email2", code: "424242") }
        #expect(error?.httpStatus == 503)
        #expect(harness.accountRequests.count == 3)
    }
}

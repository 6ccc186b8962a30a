import ClerkOAuth
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("OAuth: disconnecting a provider's account, on the wire")
struct OAuthRemoveExternalAccountTests {
    @Test("removeExternalAccount sends one DELETE for the account, as the session, and returns the deleted object")
    func removes() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.account(DeletedObject(id: "eac_1", object: "external_account", deleted: true)))
        ])
        let deleted = try await harness.client.account().removeExternalAccount("eac_1")
        #expect(deleted.id == "eac_1")
        #expect(deleted.object == "external_account")
        #expect(deleted.deleted)
        #expect(harness.accountRequests.count == 1)
        expectRequest(harness.accountRequests.first, .delete, "/v1/me/external_accounts/eac_1", sessionID: "sess_1")
    }

    @Test("the user's last way to sign in: a typed refusal, sent once and not retried")
    func lastIdentification() async throws {
        let harness = try await signedInHarness([.respond(Fixture.error(400, .lastRequiredIdentificationDeletionFailed))])
        let error = await clerkError { try await harness.client.account().removeExternalAccount("eac_1") }
        #expect(error?.code == .lastRequiredIdentificationDeletionFailed)
        #expect(error?.httpStatus == 400)
        #expect(harness.accountRequests.count == 1)
    }
}

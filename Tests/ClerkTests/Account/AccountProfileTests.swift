import ClerkOAuth
import ClerkPassword
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Account: the profile (deletion, metadata, profile image, password removal, reauthorization) on the wire")
struct AccountProfileTests {
    @Test("updateMetadata: PATCH /v1/me/metadata with unsafe_metadata as one JSON string; a patch that is no object sends nothing")
    func metadata() async throws {
        let harness = try await signedInHarness([.respond(Fixture.account(Fixture.user()))])
        let account = try await harness.client.account()
        _ = try await account.updateMetadata(.object(["theme": .string("dark"), "old": .null]))
        let refused = await clerkError { try await account.updateMetadata(.array([])) }
        #expect(refused == .invalidInput(InvalidInput(field: "unsafe_metadata", reason: "the patch must be a JSON object")))
        #expect(harness.accountRequests.count == 1)
        let sent = try #require(harness.accountRequests.first)
        expectRequest(sent, .patch, "/v1/me/metadata", sessionID: "sess_1")
        let field = try #require(sent.form.values(named: "unsafe_metadata").first)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(field.utf8)) == .object(["theme": .string("dark"), "old": .null]))
    }

    @Test("setProfileImage: POST /v1/me/profile_image, a multipart body whose file part is the image; an empty image sends nothing")
    func profileImage() async throws {
        let uploaded = UploadedImage(object: "image", id: "img_1", name: "profile", publicURL: "https://img.example/img_1")
        let harness = try await signedInHarness([
            .respond(Fixture.account(uploaded)), .respond(Fixture.account(DeletedObject(id: "img_1", object: "image", deleted: true))),
        ])
        let account = try await harness.client.account()
        let image = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try await account.setProfileImage(image, contentType: "image/png") == uploaded)
        let empty = await clerkError { try await account.setProfileImage(Data(), contentType: "image/png") }
        #expect(empty == .invalidInput(InvalidInput(field: "file", reason: "the image is empty")))
        try await account.removeProfileImage()
        #expect(harness.accountRequests.count == 2)
        let sent = try #require(harness.accountRequests.first)
        #expect(sent.method == .post)
        #expect(sent.path == "/v1/me/profile_image")
        #expect(sent.query == FormFields([FormField("_is_native", "true"), FormField("_clerk_session_id", "sess_1")]))
        let contentType = try #require(sent.headers["Content-Type"])
        let boundary = try #require(contentType.split(separator: "=", maxSplits: 1).last.map(String.init))
        #expect(contentType == "multipart/form-data; boundary=\(boundary)")
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"profile\"\r\n".utf8)
        expected.append(Data("Content-Type: image/png\r\n\r\n".utf8) + image + Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(sent.body == expected)
        expectRequest(harness.accountRequests[1], .delete, "/v1/me/profile_image", sessionID: "sess_1")
    }

    @Test("an upload is never sent twice: a lost answer is answerLost, not a retry")
    func uploadNotRetried() async throws {
        let harness = try await signedInHarness([.fail(TransportError(.connectionLost))])
        let account = try await harness.client.account()
        let error = await clerkError { try await account.setProfileImage(Data([0xFF, 0xD8, 0xFF]), contentType: "image/jpeg") }
        #expect(error?.lostAnswer != nil)
        #expect(harness.accountRequests.filter { $0.path == "/v1/me/profile_image" }.count == 1)
    }

    @Test("deleteUser: DELETE /v1/me; the answer's client without the session leaves the handle unusable")
    func deleteUser() async throws {
        let ended = Fixture.client(sessions: [], lastActive: nil)
        let harness = try await signedInHarness([.respond(Fixture.envelope(DeletedObject(id: "user_1", object: "user", deleted: true), client: ended))])
        let account = try await harness.client.account()
        let deleted = try await account.deleteUser()
        #expect(deleted.id == "user_1" && deleted.deleted)
        expectRequest(harness.accountRequests[0], .delete, "/v1/me", sessionID: "sess_1")
        #expect(await harness.client.sessions.isEmpty)
        let after = await clerkError { try await account.user() }
        #expect(after == .flow(.noSession))
        #expect(harness.accountRequests.count == 1)
    }

    @Test("deleteUser refused (user_delete_self_not_enabled) is a typed API error")
    func deleteRefused() async throws {
        let harness = try await signedInHarness([.respond(Fixture.error(403, .userDeleteSelfNotEnabled))])
        let error = await clerkError { try await harness.client.account().deleteUser() }
        #expect(error?.hasCode(.userDeleteSelfNotEnabled) == true)
    }

    @Test("removePassword: POST /v1/me/remove_password {current_password}, the password never in a description")
    func removePassword() async throws {
        let harness = try await signedInHarness([.respond(Fixture.account(Fixture.user()))])
        let account = try await harness.client.account()
        _ = try await account.removePassword(current: SecretString("old-Secret-42"))
        expectRequest(harness.accountRequests[0], .post, "/v1/me/remove_password", form: [("current_password", "old-Secret-42")], sessionID: "sess_1")
        #expect(!harness.log.values.joined().contains("old-Secret-42"))
        #expect(!String(reflecting: RemovePasswordRequest.Body(currentPassword: "old-Secret-42")).contains("old-Secret-42"))
    }

    @Test("reauthorizeExternalAccount: PATCH …/reauthorize {redirect_url, additional_scope…}, the page opened, the user reloaded with the nonce")
    func reauthorize() async throws {
        var user = Fixture.user()
        user.externalAccounts = [try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(OAuthConnectCallbackTests.apple(.verified)))]
        let harness = try await signedInHarness([
            .respond(Fixture.account(OAuthConnectCallbackTests.apple(.unverified))), .respond(Fixture.account(user)),
        ])
        let landing = try #require(URL(string: "myapp://oauth-callback?rotating_token_nonce=n0nce"))
        let account = try await harness.client.account()
        let reauthorized = try await account.reauthorizeExternalAccount(
            "eac_1", additionalScopes: ["calendar", "drive"], through: OAuthConnectCallbackTests.LandingBrowser(landing: landing))
        #expect(reauthorized.verification?.status == .verified)
        expectRequest(
            harness.accountRequests[0], .patch, "/v1/me/external_accounts/eac_1/reauthorize",
            form: [("redirect_url", "myapp://oauth-callback"), ("additional_scope", "calendar"), ("additional_scope", "drive")], sessionID: "sess_1")
        let reload = try #require(harness.accountRequests.last)
        #expect(OAuthCallbackTests.query(reload).contains(URLQueryItem(name: "rotating_token_nonce", value: "n0nce")))
    }

    @Test("the client's last authentication strategy is read from its state and kept across answers")
    func lastAuthenticationStrategy() async throws {
        var client = Fixture.signedIn()
        client.lastAuthenticationStrategy = .oauthGoogle
        let harness = Harness([.respond(Fixture.envelope(Optional(client), client: client))])
        #expect(await harness.client.lastAuthenticationStrategy == nil)
        try await harness.client.refresh()
        #expect(await harness.client.lastAuthenticationStrategy == .oauthGoogle)
    }
}

import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The user as stored, encoded: what a refused request must not change.
func storedUser(_ server: TestServer, _ userID: String) async throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(try #require(await server.core.store.users[userID]))
}

/// A multipart body with one part `name` as Clerk's image uploads send it, and its Content-Type.
func multipart(_ data: Data, type: String, name: String = "file") -> (body: Data, contentType: String) {
    let boundary = "test-boundary-42"
    var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"me.png\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
    body.append(data)
    body.append(Data("\r\n--\(boundary)--\r\n".utf8))
    return (body, "multipart/form-data; boundary=\(boundary)")
}

/// The first bytes of a PNG file: what the server recognises a PNG by.
let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])

@Suite("Account: the profile (PATCH /v1/me, deletion, metadata, profile image, password removal)")
struct AccountProfileTests {
    @Test("PATCH /v1/me: names and username by the instance's rules, primaries only among verified identifiers; refusals change nothing")
    func updateProfile() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.username = UsernameSettings(enabled: true, required: false)
        try await withServer(settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let userID = try await device.me("GET", session: account.sessionID).response(User.self).id
            _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email("taken"), username: "taken_name", password: Fixture.password))
            let added = try await device.me("POST", "/email_addresses", session: account.sessionID, form: [("email_address", Fixture.email("second"))])
            let unverified = try added.response(EmailAddress.self).id
            let before = try await storedUser(server, userID)
            let cases: [([(String, String)], String, String)] = [
                ([("username", "taken_name")], "form_identifier_exists", "username"),
                ([("username", "x")], "form_param_format_invalid", "username"),
                ([("primary_email_address_id", unverified)], "form_param_format_invalid", "primary_email_address_id"),
                ([("primary_email_address_id", "idn_nobody")], "form_resource_not_found", "primary_email_address_id"),
            ]
            for (form, code, param) in cases {
                let refused = try await device.me("PATCH", session: account.sessionID, form: form)
                #expect(refused.status >= 400, "\(form)")
                #expect(refused.error?.code.rawValue == code, "\(form): \(refused.text)")
                #expect(refused.error?.meta?.paramName == param)
            }
            #expect(try await storedUser(server, userID) == before)

            let updated = try await device.me(
                "PATCH", session: account.sessionID, form: [("first_name", "Jane"), ("last_name", "Doe"), ("username", "jane_doe")])
            let user = try updated.response(User.self)
            #expect(user.firstName == "Jane" && user.lastName == "Doe" && user.username == "jane_doe")
        }
    }

    @Test("DELETE /v1/me: refused where the instance forbids it and for a stale session, changing nothing; otherwise the user and their sessions go")
    func deleteSelf() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        var forbidden = SettingsPreset.emailPassword.settings
        forbidden.actions.deleteSelf = false
        try await withServer(forbidden) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let userID = try await device.me("GET", session: account.sessionID).response(User.self).id
            #expect(try await device.me("GET", session: account.sessionID).response(User.self).deleteSelfEnabled == false)
            let refused = try await device.me("DELETE", session: account.sessionID)
            expectError(refused, status: 403, code: "user_delete_self_not_enabled")
            #expect(await server.core.store.users[userID] != nil)
        }
        var settings = SettingsPreset.emailPassword.settings
        settings.reverification = ReverificationSettings(maxAgeSeconds: 600)
        try await withServer(settings, now: { clock.now() }) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let userID = try await device.me("GET", session: account.sessionID).response(User.self).id
            clock.advance(by: .seconds(601))
            let stale = try await device.me("DELETE", session: account.sessionID)
            expectError(stale, status: 403, code: "session_reverification_required")
            #expect(await server.core.store.users[userID] != nil)

            let verify = try await device.reverify(account.sessionID, "", [("level", "first_factor")])
            #expect(verify.status == 200, "\(verify.text)")
            let done = try await device.reverify(account.sessionID, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)])
            #expect(done.status == 200, "\(done.text)")
            let deleted = try await device.me("DELETE", session: account.sessionID)
            #expect(deleted.status == 200, "\(deleted.text)")
            let object = try deleted.response(DeletedObject.self)
            #expect(object.id == userID && object.object == "user" && object.deleted)
            #expect(try deleted.client?.sessions.isEmpty == true)
            #expect(await server.core.store.users[userID] == nil)
            #expect(try await device.send("POST", "/v1/client/sessions/\(account.sessionID)/tokens").status == 401)
            let again = try await server.client().signIn([("identifier", account.email), ("password", Fixture.password)])
            expectError(again, status: 422, code: "form_identifier_not_found", param: "identifier")
        }
    }

    @Test("PATCH /v1/me/metadata deep-merges unsafe_metadata, null removes a key; a patch that is no object, missing or too big changes nothing")
    func metadata() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let first = try await device.me(
                "PATCH", "/metadata", session: account.sessionID,
                form: [("unsafe_metadata", #"{"theme":"dark","prefs":{"lang":"en","beta":true},"drop":1}"#)])
            #expect(first.status == 200, "\(first.text)")
            let merged = try await device.me(
                "PATCH", "/metadata", session: account.sessionID,
                form: [("unsafe_metadata", #"{"prefs":{"beta":null,"tz":"UTC"},"drop":null,"new":[1,2]}"#)])
            let expected: JSONValue = .object([
                "theme": .string("dark"), "prefs": .object(["lang": .string("en"), "tz": .string("UTC")]), "new": .array([.integer(1), .integer(2)]),
            ])
            #expect(try merged.response(User.self).unsafeMetadata == expected)

            let userID = try merged.response(User.self).id
            let before = try await storedUser(server, userID)
            let big = "{\"blob\":\"" + String(repeating: "x", count: MetadataLimits.maxBytes) + "\"}"
            let cases: [([(String, String)], String)] = [
                ([("unsafe_metadata", "[1,2]")], "form_param_format_invalid"),
                ([("unsafe_metadata", "{not json")], "form_param_format_invalid"),
                ([], "form_param_missing"),
                ([("unsafe_metadata", big)], "form_param_max_length_exceeded"),
            ]
            for (form, code) in cases {
                let refused = try await device.me("PATCH", "/metadata", session: account.sessionID, form: form)
                #expect(refused.status == 422 || refused.status == 400, "\(refused.text)")
                #expect(refused.error?.code.rawValue == code, "\(form.first?.1.prefix(20) ?? ""): \(refused.text.prefix(300))")
            }
            #expect(try await storedUser(server, userID) == before)
        }
    }

    @Test("profile image: a PNG upload is served at image_url and sets has_image; bad uploads are refused as Clerk refuses them, changing nothing")
    func profileImage() async throws {
        try await withServer(SettingsPreset.emailPassword.settings, mode: .socket) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let userID = try await device.me("GET", session: account.sessionID).response(User.self).id
            let before = try await storedUser(server, userID)
            let path = "/v1/me/profile_image?_is_native=true&_clerk_session_id=\(account.sessionID)"

            let gif = multipart(pngBytes, type: "image/gif")
            let text = multipart(Data("hello".utf8), type: "text/plain")
            let tooBig = multipart(pngBytes + Data(count: ImageUpload.maxBytes), type: "image/png")
            let noFile = multipart(pngBytes, type: "image/png", name: "avatar")
            let refusals: [(Data, String, Int, String)] = [
                (gif.body, gif.contentType, 400, "request_body_invalid"),
                (text.body, text.contentType, 400, "request_body_invalid"),
                (tooBig.body, tooBig.contentType, 413, "image_too_large"),
                (noFile.body, noFile.contentType, 400, "form_param_missing"),
                (Data("--nope".utf8), "multipart/form-data; boundary=test-boundary-42", 400, "request_body_invalid"),
                (pngBytes, "image/png", 415, "unsupported_content_type"),
            ]
            for (body, type, status, code) in refusals {
                let refused = try await device.send("POST", path, rawBody: body, contentType: type)
                expectError(refused, status: status, code: code)
            }
            let gifRefusal = try await device.send("POST", path, rawBody: gif.body, contentType: gif.contentType)
            #expect(gifRefusal.error?.message == "Image decode error")
            let textRefusal = try await device.send("POST", path, rawBody: text.body, contentType: text.contentType)
            #expect(textRefusal.error?.longMessage == "'plain' images are not currently supported. Please consult the API documentation for more information.")
            #expect(try await storedUser(server, userID) == before)

            let png = multipart(pngBytes, type: "image/png")
            let uploaded = try await device.send("POST", path, rawBody: png.body, contentType: png.contentType)
            #expect(uploaded.status == 200, "\(uploaded.text)")
            let image = try uploaded.response(UploadedImage.self)
            #expect(image.object == "image" && image.name == "me.png")
            let user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.hasImage && user.imageURL == image.publicURL)
            let publicURL = try #require(image.publicURL)
            let imagePath = try #require(URL(string: publicURL)).path
            let served = try await device.send("GET", imagePath)
            #expect(served.status == 200 && served.data == pngBytes)
            #expect(served.header("Content-Type") == "image/png")

            let removed = try await device.me("DELETE", "/profile_image", session: account.sessionID)
            #expect(try removed.response(DeletedObject.self).id == image.id)
            #expect(try await device.me("GET", session: account.sessionID).response(User.self).hasImage == false)
            expectError(try await device.me("DELETE", "/profile_image", session: account.sessionID), status: 404, code: "image_not_found")
            expectError(try await device.send("GET", imagePath), status: 404, code: "image_not_found")
        }
    }

    @Test("POST /v1/me/remove_password: refused where a password is required, when it is the only way to sign in, or with a wrong password; otherwise removed")
    func removePassword() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let required = try await device.me("POST", "/remove_password", session: account.sessionID, form: [("current_password", Fixture.password)])
            expectError(required, status: 400, code: "password_required")
        }
        var optionalPassword = SettingsPreset.signInOrUp.settings
        optionalPassword.legalConsentRequired = false
        var onlyPassword = optionalPassword
        onlyPassword.emailAddress.codeSignIn = false
        try await withServer(onlyPassword) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let only = try await device.me("POST", "/remove_password", session: account.sessionID, form: [("current_password", Fixture.password)])
            expectError(only, status: 400, code: "password_required")
        }
        try await withServer(optionalPassword) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let userID = try await device.me("GET", session: account.sessionID).response(User.self).id
            let before = try await storedUser(server, userID)
            let missing = try await device.me("POST", "/remove_password", session: account.sessionID)
            expectError(missing, status: 422, code: "form_param_missing", param: "current_password")
            #expect(try await storedUser(server, userID) == before)
            let wrong = try await device.me("POST", "/remove_password", session: account.sessionID, form: [("current_password", "not-my-password-1")])
            expectError(wrong, status: 422, code: "form_password_validation_failed", param: "current_password")
            #expect(!wrong.text.contains("not-my-password-1"))
            #expect(await server.core.store.users[userID]?.passwordHash != nil)

            let removed = try await device.me("POST", "/remove_password", session: account.sessionID, form: [("current_password", Fixture.password)])
            #expect(removed.status == 200, "\(removed.text)")
            #expect(try removed.response(User.self).passwordEnabled == false)
            let again = try await device.me("POST", "/remove_password", session: account.sessionID, form: [("current_password", Fixture.password)])
            expectError(again, status: 400, code: "no_password_set")
            let signIn = try await server.client().signIn([("identifier", account.email), ("password", Fixture.password)])
            let signedIn = signIn.status == 200 ? try signIn.signIn.status : nil
            #expect(signedIn != .complete, "the old password no longer signs in")
        }
    }
}

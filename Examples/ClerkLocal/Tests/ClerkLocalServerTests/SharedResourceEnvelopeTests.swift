import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The sign-in (or sign-up) of an answer is encoded once and placed both as `response` and in the
/// client: the document must be that of encoding the whole envelope, and only the client's own
/// top-level key may be filled.
@Suite("A resource shared by response and client is encoded once")
struct SharedResourceEnvelopeTests {
    @Test("Only the outermost object's key is found, not one inside strings or nested values")
    func topLevelKeyOnly() throws {
        let json = Data(
            #"{"sessions":[{"user":{"public_metadata":{"sign_in":null}}}],"note":"\"sign_in\":null","kind":"sign_in","sign_in":null,"sign_up":{"unsafe_metadata":{"sign_in":null}}}"#
                .utf8)
        let range = try #require(TopLevelJSONKey.nullValue(of: "sign_in", in: json))
        let before = String(decoding: json[..<range.lowerBound], as: UTF8.self)
        #expect(before.hasSuffix(#""kind":"sign_in","sign_in":"#))
        #expect(String(decoding: json[range], as: UTF8.self) == "null")
    }

    @Test("A key that is absent, not null, or only nested is not found")
    func noSlot() {
        #expect(TopLevelJSONKey.nullValue(of: "sign_in", in: Data(#"{"sign_up":null}"#.utf8)) == nil)
        #expect(TopLevelJSONKey.nullValue(of: "sign_in", in: Data(#"{"sign_in":{"id":"sia_1"}}"#.utf8)) == nil)
        #expect(TopLevelJSONKey.nullValue(of: "sign_in", in: Data(#"{"a":{"sign_in":null}}"#.utf8)) == nil)
        #expect(TopLevelJSONKey.nullValue(of: "sign_in", in: Data(#"{"a":"sign_in\":null"}"#.utf8)) == nil)
    }

    @Test("A second sign-in on a signed-in client: the answer's bytes are the envelope's, response and client agree")
    func secondSignInOnSignedInClient() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.singleSessionMode = false
        settings.clientTrust = false
        try await withServer(settings) { server in
            // Names that look like the key: strings must be skipped, not matched.
            let first = Fixture.email("first")
            _ = try await server.seedUser(SeedUser(emailAddress: first, password: Fixture.password, firstName: #""sign_in":null"#))
            let second = Fixture.email("second")
            _ = try await server.seedUser(SeedUser(emailAddress: second, password: Fixture.password))
            let device = server.client()
            let done = try await device.signIn([("identifier", first), ("password", Fixture.password)]).signIn
            #expect(done.status == .complete)

            let answer = try await device.signIn([("identifier", second)])
            #expect(answer.status == 200)
            let envelope = try answer.decode(ClientEnvelope<SignIn, ClientResource>.self)
            let client = try #require(envelope.client)
            #expect(client.sessions.count == 1)
            #expect(client.signIn == envelope.response)

            // Raw JSON: `response` and `client.sign_in` are the same object.
            let raw = answer.json
            let response = try #require(raw["response"] as? NSDictionary)
            let clientSignIn = try #require((raw["client"] as? [String: Any])?["sign_in"] as? NSDictionary)
            #expect(response == clientSignIn)

            // The spliced document is `JSONEncoder`'s whole envelope of the same values, and the same length
            // (the encoder's key order within an object is its own, so objects are compared parsed).
            var withoutSignIn = client
            withoutSignIn.signIn = nil
            let spliced = Data(try #require(try SharedResourceEnvelope.encode(envelope.response, client: withoutSignIn, sharedAs: "sign_in")).readableBytesView)
            let whole = try JSONEncoder().encode(ClientEnvelope(response: envelope.response, client: client))
            #expect(spliced.count == whole.count)
            #expect(try JSONSerialization.jsonObject(with: spliced) as? NSDictionary == JSONSerialization.jsonObject(with: whole) as? NSDictionary)
        }
    }
}

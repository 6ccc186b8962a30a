import Clerk
import ClerkAPI
import ClerkPasskey
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Passkeys in the user export: an imported user signs in with the same authenticator")
struct PasskeyExportTests {
    /// A user with a password and a passkey of `authenticator`, used once to sign in (its counter past
    /// zero), on a server of the `passkeys` preset: the server's export and the ids.
    private static func exportedPasskeyUser(_ authenticator: SDKPasskeyAuthenticator) async throws -> (data: Data, userID: String, passkeyID: String) {
        try await withServer(SettingsPreset.passkeys.settings, mode: .socket) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email("moving-passkey"), password: Fixture.password))
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let signedIn = try await device.createSignIn(CreateSignInRequest.Body(identifier: user.emailAddress, password: Fixture.password))
            let account = AccountHandle(client: device, sessionID: try #require(signedIn.createdSessionID))
            let passkey = try await account.createPasskey(using: authenticator)
            _ = try await server.newDriver().signInWithPasskey(using: authenticator)
            return (try await server.exportOverHTTP(), user.id, passkey.id)
        }
    }

    @Test("Registered on one server, exported, imported into a fresh one: the same authenticator signs in; the counter came along")
    func passkeyMoves() async throws {
        let authenticator = SDKPasskeyAuthenticator()
        let (data, userID, passkeyID) = try await Self.exportedPasskeyUser(authenticator)
        let exported = try #require(try UserExportDocument.decode(from: data).users.first { $0.id == userID })
        let passkey = try #require(exported.passkeys?.first)
        #expect(exported.passkeys?.count == 1 && passkey.id == passkeyID && passkey.signCount == 1 && passkey.lastUsedAt != nil)
        #expect(exported.passkeyUserHandle != nil)
        #expect(!String(decoding: data, as: UTF8.self).contains("challenge"), "a pending registration's challenge is not exported")

        try await withServer(SettingsPreset.passkeys.settings, mode: .socket) { server in
            let imported = try await server.importOverHTTP(data)
            #expect(imported.status == 200, "\(imported.text)")

            // The authenticator rewound to before its sign-in: the imported counter refuses the assertion.
            authenticator.authenticator.withLockedValue { $0.signCount = 0 }
            let before = try await server.passkeyState()
            let rewound = await #expect(throws: ClerkError.self) { _ = try await server.newDriver().signInWithPasskey(using: authenticator) }
            #expect(rewound?.hasCode(.passkeyAuthenticationFailure) == true, "\(String(describing: rewound))")
            authenticator.authenticator.withLockedValue { $0.signCount = 1 }

            let session = try await server.newDriver().signInWithPasskey(using: authenticator)
            #expect(session.session.user?.id == userID)
            #expect(session.session.user?.passkeys.map(\.id) == [passkeyID])
            #expect(before != (try await server.passkeyState()), "the sign-in moved the counter")
            let again = try #require(await server.export().users.first { $0.id == userID }?.passkeys?.first)
            #expect(again.signCount == 2 && again.credentialID == passkey.credentialID && again.publicKey == passkey.publicKey)
        }
    }

    @Test("A credential id repeated in the batch, or already on the server, is refused naming the field; nothing is stored")
    func repeatedCredential() async throws {
        let (data, userID, _) = try await Self.exportedPasskeyUser(SDKPasskeyAuthenticator())
        let document = try UserExportDocument.decode(from: data)
        let original = try #require(document.users.first { $0.id == userID })
        var twin = original
        twin.id = "user_passkeytwin1"
        twin.emailAddresses[0].id = "idn_passkeytwin1"
        twin.emailAddresses[0].emailAddress = Fixture.email("passkey-twin")
        twin.passkeys?[0].id = "pk_passkeytwin1"
        let copy = twin

        try await withServer(SettingsPreset.passkeys.settings) { server in
            var batch = document
            batch.users = [original, copy]
            let repeated = try await server.importOverHTTP(try batch.encoded())
            expectError(repeated, status: 422, code: "form_param_duplicate", param: "users[1].passkeys[0].credential_id")
            #expect(await server.export().users.isEmpty)

            batch.users = [original]
            #expect(try await server.importOverHTTP(try batch.encoded()).status == 200)
            let stored = try await server.passkeyState()
            batch.users = [copy]
            let taken = try await server.importOverHTTP(try batch.encoded())
            expectError(taken, status: 422, code: "form_identifier_exists", param: "users[0].passkeys[0].credential_id")
            #expect(taken.error?.longMessage.contains("already identifies user \(userID)") == true, "\(taken.text)")
            #expect(try await server.passkeyState() == stored)
        }
    }

    @Test("A malformed passkey is refused naming the field, without its value")
    func malformedPasskey() async throws {
        let (data, userID, _) = try await Self.exportedPasskeyUser(SDKPasskeyAuthenticator())
        let document = try UserExportDocument.decode(from: data)
        let index = try #require(document.users.firstIndex { $0.id == userID })
        try await withServer(SettingsPreset.passkeys.settings) { server in
            var badKey = document
            badKey.users[index].passkeys?[0].publicKey = Base64URL.encode([0xA0])
            expectError(
                try await server.importOverHTTP(try badKey.encoded()), status: 422, code: "form_param_format_invalid",
                param: "users[\(index)].passkeys[0].public_key")
            var padded = document
            padded.users[index].passkeys?[0].credentialID += "="
            expectError(
                try await server.importOverHTTP(try padded.encoded()), status: 422, code: "form_param_format_invalid",
                param: "users[\(index)].passkeys[0].credential_id")
            var transport = document
            transport.users[index].passkeys?[0].transports = ["carrier-pigeon"]
            expectError(
                try await server.importOverHTTP(try transport.encoded()), status: 422, code: "form_param_format_invalid",
                param: "users[\(index)].passkeys[0].transports[0]")
            var noHandle = document
            noHandle.users[index].passkeyUserHandle = nil
            expectError(
                try await server.importOverHTTP(try noHandle.encoded()), status: 422, code: "form_param_missing",
                param: "users[\(index)].passkey_user_handle")
            #expect(await server.export().users.isEmpty)
        }
    }
}

extension TestServer {
    /// A flow driver on a new device that answers no question.
    fileprivate func newDriver() throws -> FlowDriver {
        FlowDriver(client: ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: baseURL)), registry: FactorRegistry()) { _ in .startOver }
    }
}

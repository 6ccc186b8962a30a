import Clerk
import ClerkAPI
import ClerkPasskey
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The tests' software authenticator behind the SDK's protocol.
final class SDKPasskeyAuthenticator: PasskeyAuthenticator {
    let authenticator: NIOLockedValueBox<OptionsAuthenticator>

    init(_ authenticator: OptionsAuthenticator = OptionsAuthenticator()) {
        self.authenticator = NIOLockedValueBox(authenticator)
    }

    func create(optionsJSON: String) async throws(ClerkError) -> String {
        try answer { try $0.create(optionsJSON) }
    }

    func get(optionsJSON: String) async throws(ClerkError) -> String {
        try answer { try $0.get(optionsJSON) }
    }

    private func answer(_ body: (inout OptionsAuthenticator) throws -> String) throws(ClerkError) -> String {
        do {
            return try authenticator.withLockedValue { try body(&$0) }
        } catch {
            throw .invalidInput(InvalidInput(field: "nonce", reason: "\(error)"))
        }
    }
}

@Suite("Passkeys: the SDK's ClerkPasskey against the server over real HTTP")
struct PasskeySDKTests {
    @Test("AccountHandle registers, lists, renames and deletes a passkey; FlowDriver and SignInHandle sign in with it")
    func sdk() async throws {
        try await withServer(SettingsPreset.passkeys.settings, mode: .socket) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email("sdk"), password: Fixture.password))
            let email = try #require(user.emailAddress)
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let signedIn = try await device.createSignIn(CreateSignInRequest.Body(identifier: email, password: Fixture.password))
            let account = AccountHandle(client: device, sessionID: try #require(signedIn.createdSessionID))
            let authenticator = SDKPasskeyAuthenticator()

            let passkey = try await account.createPasskey(using: authenticator)
            #expect(passkey.verification?.status == .verified)
            let listed = try await account.passkeys()
            #expect(listed.map(\.id) == [passkey.id])
            let renamed = try await account.renamePasskey(passkey.id, to: "Laptop")
            #expect(renamed.name == "Laptop")

            let phone = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let driver = FlowDriver(client: phone, registry: FactorRegistry()) { _ in .startOver }
            let session = try await driver.signInWithPasskey(using: authenticator)
            #expect(session.session.user?.id == user.id)
            #expect(session.session.user?.passkeys.first?.lastUsedAt != nil)

            let laptop = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let identified = try await laptop.createSignIn(CreateSignInRequest.Body(identifier: email))
            let done = try await identified.authenticateWithPasskey(using: authenticator)
            #expect(done.isComplete)

            let deleted = try await account.deletePasskey(passkey.id)
            #expect(deleted.deleted)
            let remaining = try await account.passkeys()
            #expect(remaining.isEmpty)
            let refused = await #expect(throws: ClerkError.self) {
                _ = try await ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL)).signInWithPasskey(using: authenticator)
            }
            #expect(refused?.hasCode(.passkeyNotRegistered) == true)
        }
    }
}

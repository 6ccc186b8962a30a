import Clerk
import ClerkClientTrust
import ClerkLocalServer
import ClerkLocalTesting
import ClerkPasskey
import ClerkPassword
import ClerkSoftwarePasskey
import Foundation
import Testing

/// The software authenticator against the local server over real HTTP: a passkey registered by one
/// authenticator, kept in a file, signs in from another one made from that file (a tool's next run).
@Suite("ClerkSoftwarePasskey: a persisted passkey signs in on the next run")
struct PersistedPasskeyTests {
    static let email = "whit+clerk_test@example.com"
    static let password = "quiet-harbour-lantern-1907"

    /// A store whose writes fail.
    struct FailingStore: SoftwarePasskeyStore {
        struct Refused: Error {}
        func load() throws -> [SoftwarePasskey] { [] }
        func save(_ passkeys: [SoftwarePasskey]) throws { throw Refused() }
    }

    @Test("Registered through one authenticator, the passkey signs in through a second made from the file; the counter is kept")
    func nextRun() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("passkeys-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try await withLocalFrontendAPI(settings: SettingsPreset.passkeys.settings) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: Self.email, password: Self.password))
            let laptop = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            var registry = try FactorRegistry([PasswordStrategy()])
            try registry.registerClientTrust()
            let driver = FlowDriver(client: laptop, registry: registry) { question -> FlowAnswer in
                switch question {
                case .identifier: .identifier(Self.email)
                case .password: .password(SecretString(Self.password))
                case .code: .code(SecretString("424242"))
                default: .startOver
                }
            }
            let session = try await driver.signIn()
            let firstRun = try SoftwarePasskeyAuthenticator(store: FilePasskeyStore(url: url))
            let passkey = try await laptop.account(sessionID: session.session.id).createPasskey(using: firstRun)
            #expect(passkey.verification?.status == .verified)

            let secondRun = try SoftwarePasskeyAuthenticator(store: FilePasskeyStore(url: url))
            #expect(secondRun.passkeys.count == 1)
            let phone = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let signedIn = try await FlowDriver(client: phone, registry: FactorRegistry()) { _ in .startOver }
                .signInWithPasskey(using: secondRun)
            #expect(signedIn.session.user?.id == session.session.user?.id)
            #expect(try SoftwarePasskeyAuthenticator(store: FilePasskeyStore(url: url)).passkeys.first?.signCount == 1)
        }
    }

    @Test("A store that cannot be written fails the creation, and the passkey is not kept")
    func storeFails() async throws {
        let authenticator = try SoftwarePasskeyAuthenticator(store: FailingStore())
        let creation = #"{"challenge":"Y2hhbGxlbmdl","rp":{"id":"localhost","name":"x"},"user":{"id":"dXNlcg","name":"a","displayName":"A"}}"#
        let error = await #expect(throws: ClerkError.self) { try await authenticator.create(optionsJSON: creation) }
        guard case .flow(.answerProviderFailed) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(authenticator.passkeys.isEmpty)
    }

    @Test("Assertions name the passkey the options allow, and a relying party it holds none for is refused")
    func choosesThePasskey() async throws {
        let authenticator = SoftwarePasskeyAuthenticator()
        let user = #""user":{"id":"dXNlcg","name":"a","displayName":"A"}"#
        _ = try await authenticator.create(optionsJSON: #"{"challenge":"Yw","rp":{"id":"localhost","name":"x"},\#(user)}"#)
        _ = try await authenticator.create(optionsJSON: #"{"challenge":"Yw","rp":{"id":"localhost","name":"x"},\#(user)}"#)
        let first = try #require(authenticator.passkeys.first)
        let allowed = WebAuthnJSON.encode(first.credentialID)
        let assertion = try await authenticator.get(
            optionsJSON: #"{"challenge":"Yw","rpId":"localhost","allowCredentials":[{"type":"public-key","id":"\#(allowed)"}]}"#)
        #expect(try WebAuthnJSON.object(assertion)["id"] as? String == allowed)
        #expect(authenticator.passkeys.map(\.signCount) == [1, 0])
        await #expect(throws: ClerkError.self) { try await authenticator.get(optionsJSON: #"{"challenge":"Yw","rpId":"example.com"}"#) }
    }
}

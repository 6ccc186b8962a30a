import Clerk
import ClerkLocalServer
import ClerkLocalTesting
import ClerkOAuth
import Foundation
import Testing

@testable import ExampleFlows

/// `AccountHandle.connectExternalAccount` against a local server over HTTP: a user signed up with
/// Google connects Apple through the examples' loopback session, the person at the built-in
/// provider's page played by `ProviderPagePerson`.
@Suite("OAuth: the SDK connects a second provider")
struct OAuthConnectSDKTests {
    /// `social` with Apple's browser sign-in served by the built-in provider too.
    static var settings: InstanceSettings {
        var settings = SettingsPreset.social.settings
        settings.oauthProviders?.apple = .builtIn
        return settings
    }

    @Test("Connected: the account comes back verified and the user lists Google and Apple; connecting Apple again is refused")
    func connected() async throws {
        let server = try await LocalFrontendAPI.start(settings: Self.settings)
        defer { Task { await server.shutdown() } }
        let (device, account) = try await Self.signedUpWithGoogle(server, "connect-sdk@example.com")

        let apple = try await account.connectExternalAccount(.apple, through: Self.browser(as: "connect-sdk-apple@example.com"))
        #expect(apple.provider == "oauth_apple")
        #expect(apple.verification?.status == .verified)
        #expect(apple.emailAddress == "connect-sdk-apple@example.com")
        let user = try await account.user()
        #expect(user.externalAccounts.count == 2)

        for provider in [OAuthProvider.apple, .google] {
            do {
                _ = try await device.account().connectExternalAccount(provider, through: Self.browser(as: "connect-sdk@example.com"))
                Issue.record("\(provider.strategy.rawValue) was connected twice")
            } catch {
                #expect(error.hasCode(.oauthAccountAlreadyConnected), "\(error)")
            }
        }
    }

    @Test("Denied at the provider: the call throws oauth_access_denied; the user lists the failed connection beside Google")
    func denied() async throws {
        let server = try await LocalFrontendAPI.start(settings: Self.settings)
        defer { Task { await server.shutdown() } }
        let (_, account) = try await Self.signedUpWithGoogle(server, "connect-sdk-denied@example.com")
        do {
            _ = try await account.connectExternalAccount(.apple, through: Self.browser(as: nil))
            Issue.record("a denied connection returned")
        } catch {
            #expect(error.hasCode(.oauthAccessDenied), "\(error)")
        }
        let user = try await account.user()
        #expect(user.externalAccounts.count == 2, "the failed connection is listed with its error")
    }

    /// The loopback session with the person choosing `email` at the provider's page (nil denies).
    private static func browser(as email: String?) -> LoopbackRedirectSession {
        LoopbackRedirectSession { page in try await ProviderPagePerson.answer(page, as: email) }
    }

    private static func signedUpWithGoogle(_ server: RunningServer, _ email: String) async throws -> (ClerkClient, AccountHandle) {
        let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
        let driver = FlowDriver(client: device, registry: FactorRegistry()) { _ in .details(SignUpDetails(legalAccepted: true)) }
        let signedIn = try await driver.signIn(with: .google, through: Self.browser(as: email))
        return (device, try await device.account(sessionID: signedIn.session.id))
    }
}

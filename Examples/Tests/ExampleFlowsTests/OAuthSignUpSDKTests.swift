import Clerk
import ClerkLocalServer
import ClerkLocalTesting
import ClerkOAuth
import Foundation
import Testing

@testable import ExampleFlows

/// `ClerkOAuth`'s browser sign-up against a clerk-local server over real HTTP: the loopback listener
/// is the redirect URL, the built-in provider's page is answered as a person would.
@Suite("OAuth: the SDK's browser sign-up against clerk-local")
struct OAuthSignUpSDKTests {
    @Test("signUp(with:) then completeOAuth(callbackURL:): the user is created with the provider's address and account")
    func signUpCompletes() async throws {
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.social.settings)
        defer { Task { await server.shutdown() } }
        let email = "oauth-sdk-signup+clerk_test@example.com"
        let session = LoopbackRedirectSession { page in try await ProviderPagePerson.answer(page, as: email) }
        let client = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
        let redirect = try await session.redirectURL()
        let started = try await client.signUp(with: .google, redirectURL: redirect, details: SignUpDetails(legalAccepted: true))
        let page = try #require(started.externalVerificationURL)
        let callback = try await session.open(page, redirectURL: redirect)
        let done = try await started.completeOAuth(callbackURL: callback)
        #expect(done.status == .complete)
        #expect(done.verifications.externalAccount?.status == .verified)
        let sessionID = try #require(done.signUp.createdSessionID)
        let user = try await client.refresh()?.sessions.first { $0.id == sessionID }?.user
        #expect(user?.emailAddresses.map(\.emailAddress) == [email])
        #expect(user?.externalAccounts.count == 1)
    }
}

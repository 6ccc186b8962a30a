import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore

/// The verifier alone, over the test providers' keys and a fixed clock: what each claim decides,
/// at its boundary.
@Suite("Identity token verifier")
struct IdentityTokenVerifierTests {
    /// Hands the verifier the test providers' keys whatever the configuration says.
    struct TestKeys: IdentityKeySetSource {
        let providers: TestIdentityProviders
        func keySet(for provider: IdentityTokenProvider, config _: IdentityProviderConfig) async -> IdentityKeySet? {
            providers.keySet(for: provider)
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func verify(
        _ provider: IdentityTokenProvider, strategy: Strategy, adjust: (inout IdentityTokenClaims) -> Void = { _ in }
    ) async throws -> Result<VerifiedIdentity, FrontendError> {
        let providers = try await TestIdentityProviders(try TestIdentityProviderKeyMaterial.generate())
        let settings = SettingsPreset.social.settings
        let config = try #require(settings.identityProviders?.config(for: provider))
        let issued = Self.now.timeIntervalSince1970
        var claims = IdentityTokenClaims(
            iss: config.issuer, aud: ["other.client", config.clientID], exp: issued + 1, iat: issued, sub: "s-1", email: " Ada@Example.com ",
            emailVerified: LenientBool(true), givenName: "Ada", familyName: "")
        adjust(&claims)
        let token = try await providers.sign(claims, provider: provider)
        let verifier = IdentityTokenVerifier(keySets: TestKeys(providers: providers), now: { Self.now })
        do {
            return .success(try await verifier.verify(token, strategy: strategy, settings: settings))
        } catch {
            return .failure(error)
        }
    }

    @Test("RS256 (Apple) and ES256 (Google): the identity, its address normalized, an empty name dropped")
    func verifies() async throws {
        for (provider, strategy) in [(IdentityTokenProvider.apple, Strategy.oauthTokenApple), (.google, .googleOneTap)] {
            let identity = try await verify(provider, strategy: strategy).get()
            #expect(identity.provider == provider)
            #expect(identity.strategy == strategy)
            #expect(identity.subject == "s-1")
            #expect(identity.emailAddress == "ada@example.com")
            #expect(identity.firstName == "Ada")
            #expect(identity.lastName == nil)
        }
    }

    @Test("exp must be after now; iat may be up to a minute ahead")
    func timeBoundaries() async throws {
        let now = Self.now.timeIntervalSince1970
        #expect(try await verify(.apple, strategy: .oauthTokenApple) { $0.exp = now }.failureCode == .formParamValueInvalid)
        #expect(try await verify(.apple, strategy: .oauthTokenApple) { $0.iat = now + 60 }.failureCode == nil)
        #expect(try await verify(.apple, strategy: .oauthTokenApple) { $0.iat = now + 61 }.failureCode == .formParamValueInvalid)
        #expect(try await verify(.google, strategy: .googleOneTap) { $0.exp = now - 1 }.failureCode == .googleOneTapTokenInvalid)
    }

    @Test("A strategy that is no identity token's, and a provider not configured")
    func strategyAndProvider() async throws {
        let providers = try await TestIdentityProviders(try TestIdentityProviderKeyMaterial.generate())
        let verifier = IdentityTokenVerifier(keySets: TestKeys(providers: providers), now: { Self.now })
        var settings = SettingsPreset.social.settings
        settings.identityProviders?.google = nil
        await #expect(throws: FrontendError.self) { try await verifier.verify("t", strategy: .password, settings: settings) }
        do {
            _ = try await verifier.verify("t", strategy: .oauthTokenGoogle, settings: settings)
            Issue.record("a provider not configured verified a token")
        } catch {
            #expect(error.code == .oauthProviderNotEnabled)
            #expect(error.longMessage.contains("Google"))
        }
    }
}

extension Result where Failure == FrontendError {
    var failureCode: ClerkErrorCode? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}

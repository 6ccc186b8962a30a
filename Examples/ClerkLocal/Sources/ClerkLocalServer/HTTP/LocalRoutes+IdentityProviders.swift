import ClerkLocalCore
import Foundation
import Hummingbird

/// The emulator's test identity providers, behind `LocalAccessGuard` like the rest of `/__local`:
///
/// - `GET /__local/identity_providers/{apple|google}/jwks`: the test provider's JWK Set (Apple's
///   key is RS256, Google's ES256).
/// - `POST /__local/identity_providers/{apple|google}/tokens` (JSON `{email, email_verified?, sub?,
///   nonce?, given_name?, family_name?}`): `{"token": ID_TOKEN}`, an ID token as the provider would
///   issue it to the instance's client id, valid ten minutes. Refused with `oauth_provider_not_enabled`
///   unless the settings make the provider a test one (`identity_providers.{provider}.test`, the
///   `social` preset).
extension LocalRoutes {
    package func registerIdentityProviders(on local: some RouterMethods<LocalRequestContext>) {
        local.get("identity_providers/:provider/jwks") { _, context in
            do {
                let provider = try Self.provider(context)
                return WireResponses.json(try await core.identityTokens.testProviders().jwksDocument(for: provider))
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        local.post("identity_providers/:provider/tokens") { request, context in
            do {
                let provider = try Self.provider(context)
                let person = try await RequestReading.json(TestIdentity.self, request, context, describing: "the identity to mint a token for")
                let token = try await admin.mintIdentityToken(provider, for: person)
                // A secret: no cache may keep a copy.
                return WireResponses.json(try JSONEncoder().encode(["token": token]), extra: [.cacheControl: "no-store"])
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
    }

    private static func provider(_ context: LocalRequestContext) throws(FrontendError) -> IdentityTokenProvider {
        guard let provider = IdentityTokenProvider(rawValue: try RequestReading.parameter("provider", context)) else {
            throw .notFound("ResourceNotFound")
        }
        return provider
    }
}

extension LocalAdmin {
    /// A test provider's ID token for `person` (HTTP and Swift API alike).
    package func mintIdentityToken(_ provider: IdentityTokenProvider, for person: TestIdentity) async throws(FrontendError) -> String {
        let providers: TestIdentityProviders
        do {
            providers = try await core.identityTokens.testProviders()
        } catch {
            throw FrontendError(.internalClerkError, longMessage: "the test identity providers' keys could not be loaded")
        }
        return try await providers.mint(person, provider: provider, settings: core.settings, now: core.now())
    }
}

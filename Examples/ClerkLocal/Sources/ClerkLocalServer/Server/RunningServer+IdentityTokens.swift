import ClerkLocalCore
import Foundation

extension RunningServer {
    /// An ID token of the test identity provider `provider` for `person`, as Sign in with Apple or
    /// Google would give the app (what `POST /__local/identity_providers/{provider}/tokens` answers).
    /// Throws `LocalServerError` when the settings do not make `provider` a test provider.
    public func mintIdentityToken(_ provider: IdentityTokenProvider, for person: TestIdentity) async throws -> String {
        do {
            return try await core.admin.mintIdentityToken(provider, for: person)
        } catch {
            throw LocalServerError(error)
        }
    }

    /// The JWK Set of the test identity provider `provider` (also at
    /// `GET /__local/identity_providers/{provider}/jwks`).
    public func identityProviderJWKS(_ provider: IdentityTokenProvider) async throws -> Data {
        try await core.identityTokens.testProviders().jwksDocument(for: provider)
    }
}

import Foundation
import JWTKit

/// A provider's JWK Set: the public keys its ID tokens are signed with.
package struct IdentityKeySet: Sendable {
    package let jwks: JWKS

    package init(jwks: JWKS) {
        self.jwks = jwks
    }

    /// The set in `json` (`{"keys": [...]}`), nil when it is not one or holds no key.
    package init?(json: Data) {
        guard let jwks = try? JSONDecoder().decode(JWKS.self, from: json), !jwks.keys.isEmpty else { return nil }
        self.jwks = jwks
    }
}

/// Where the verifier gets a provider's keys: the core reads the inline set and the test keys; the
/// server adds fetching `jwks_url` over HTTP (the core does no HTTP).
package protocol IdentityKeySetSource: Sendable {
    /// The provider's keys, or nil when they cannot be had (an unreachable URL, an invalid set).
    func keySet(for provider: IdentityTokenProvider, config: IdentityProviderConfig) async -> IdentityKeySet?
}

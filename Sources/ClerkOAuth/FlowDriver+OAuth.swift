import Clerk
import Foundation

extension FlowDriver {
    /// Signs in with `provider` through `session`: the sign-in started with the session's redirect
    /// URL, the provider's page opened, the sign-in read again with the callback's
    /// `rotating_token_nonce`; a first-time user is signed up by the transfer, and what the sign-up
    /// still misses is asked (the `missingFields` question). Requests: the sign-in, its reload, and
    /// for a new user the transfer (plus an update for each missing field asked; legal acceptance
    /// goes with the transfer when the client's known environment requires it).
    public func signIn(with provider: OAuthProvider, through session: some OAuthRedirectSession) async throws(ClerkError) -> ActiveSession {
        let redirectURL = try await session.redirectURL()
        let started = try await client.signIn(with: provider, redirectURL: redirectURL)
        guard let page = started.externalVerificationURL else { throw .flow(.unsupportedStatus(started.status.rawValue)) }
        let callback = try await session.open(page, redirectURL: redirectURL)
        return try await drive(try await started.completeOAuth(callbackURL: callback))
    }
}

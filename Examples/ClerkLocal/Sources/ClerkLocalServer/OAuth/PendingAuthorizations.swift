import ClerkLocalCore
import Foundation

/// A browser sign-in or sign-up waiting for the provider to send the user back, found by its `state`.
struct PendingAuthorization: Sendable {
    /// What the callback's result is held on.
    enum Kind: Sendable {
        case signIn
        case signUp
        /// A provider's account connected to a signed-in user: no attempt holds the result.
        case connection(PendingConnection)
    }

    var provider: IdentityTokenProvider
    /// The client's credentials there: a social provider's, or an enterprise connection's.
    var config: OAuthProviderConfig
    var kind: Kind
    /// The sign-in's or sign-up's id.
    var attemptID: String
    /// The app's `redirect_url`, where the callback sends the browser on.
    var redirectURL: String
    /// This server's `/v1/oauth_callback`, the `redirect_uri` the code was issued for.
    var callbackURL: String
    var codeVerifier: String
    var nonce: String
    var endpoints: OAuthEndpoints
    /// The provider URL the sign-in's verification sends the user to: which verification this is.
    var authorizationURL: String
    var expiresAt: Date
}

/// The user and the unverified external account a connection's callback completes.
struct PendingConnection: Sendable {
    var userID: String
    var accountID: String
}

/// The sign-ins waiting for their providers, each `state` usable once and for ten minutes. Kept in
/// memory: a restart ends the browser sign-ins still at the provider (their callbacks answer
/// `oauth_callback_invalid`); a callback already answered is held on the sign-in's record, which is kept.
actor PendingAuthorizations {
    private var waiting: [String: PendingAuthorization] = [:]

    func add(_ pending: PendingAuthorization, state: String, now: Date) {
        waiting = waiting.filter { now < $0.value.expiresAt }
        waiting[state] = pending
    }

    func take(_ state: String, now: Date) -> PendingAuthorization? {
        guard let pending = waiting.removeValue(forKey: state), now < pending.expiresAt else { return nil }
        return pending
    }
}

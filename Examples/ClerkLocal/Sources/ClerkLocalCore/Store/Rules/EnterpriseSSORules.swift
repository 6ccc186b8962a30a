import ClerkAPI
import Foundation

/// The rules of a sign-in through an enterprise connection (`enterprise_sso`): the connection is the
/// one serving the identifier's email domain, and its OpenID Connect provider proves the address.
/// The browser part (authorization, callback, the held result and its nonce) is the OAuth sign-in's.
package struct EnterpriseSSORules: SignInAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension EnterpriseSSORules {
    /// The active connection serving `address`'s domain; `enterprise_sso_sign_in_connection_missing`
    /// for an address no connection serves, or whose connection is disabled.
    package func activeConnection(serving address: String?) throws(FrontendError) -> EnterpriseConnection {
        guard let address, let connection = settings.enterpriseConnection(serving: address), connection.active else {
            throw FrontendError(.enterpriseSSOSignInConnectionMissing)
        }
        return connection
    }

    /// The connection a browser verification of sign-in `id` would go to, and the refusal of the app's
    /// `redirectURL`, read before the provider's authorization URL is built. Nothing is changed.
    package func connectionToPrepare(signInID id: String, redirectURL: String?) throws(FrontendError) -> EnterpriseConnection {
        guard let signIn = signIns[id] else { throw FrontendError.notFound("sign_in") }
        let connection = try activeConnection(serving: signIn.identifier)
        guard let redirectURL, !redirectURL.isEmpty else { throw .missing("redirect_url") }
        if let refusal = RedirectURLRule.refusal(of: redirectURL, allowed: settings.allowedRedirectUrls) { throw refusal }
        return connection
    }

    /// `POST /v1/client/sign_ins {identifier, strategy: enterprise_sso}`: a sign-in whose one first
    /// factor is the connection serving the address's domain. The address need not have an account:
    /// the connection's provider decides who signs in, and a first-time user is signed up by the
    /// transfer.
    package mutating func createEnterpriseSignIn(_ meta: RequestMeta, identifier raw: String?, locale: String?) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        try admit(meta, identifier: raw)
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        guard let raw, !raw.trimmingWhitespace().isEmpty else { throw .missing("identifier") }
        let identifier = try factorRules.parseIdentifier(raw)
        _ = try activeConnection(serving: identifier.kind == .emailAddress ? identifier.value : nil)
        let user = self.user(withIdentifier: identifier.value, kind: .emailAddress)
        if let user {
            try ensureNotSignedIn(user.id, on: client)
            if let lock = lockError(for: user) { throw lock }
        }
        var signIn = newSignIn(client: client, identifier: identifier, userID: user?.id, concealed: false, locale: locale)
        signIn.firstFactors = factorRules.enterpriseFactor(for: identifier.value).map { [$0] } ?? []
        return commit(signIn, client: &client)
    }

    /// `POST /v1/client/sign_ins/{id}/prepare_first_factor {strategy: enterprise_sso, redirect_url}`:
    /// the sign-in's first factor becomes a verification at `connection`'s provider, whose page is
    /// `authorizationURL`.
    package mutating func prepareEnterpriseFirstFactor(
        _ meta: RequestMeta, id: String, connectionID: String, redirectURL: String?, authorizationURL: String
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signInAwaitingFirstFactor(meta, id: id, step: "prepare_first_factor")
        let connection = try connectionToPrepare(signInID: id, redirectURL: redirectURL)
        // The settings changed between the authorization URL and now.
        guard connection.id == connectionID else { throw FrontendError(.enterpriseSSOSignInConnectionMissing) }
        var verification = VerificationRecord(strategy: .enterpriseSSO, fixedStatus: .unverified, attempts: nil, challenge: nil, factorID: nil)
        verification.external = ExternalVerification(
            redirectURL: authorizationURL, expiresAt: now.addingTimeInterval(ExternalVerification.lifetime), enterpriseConnectionID: connection.id)
        signIn.firstFactor = verification
        return commit(signIn, client: &client)
    }
}

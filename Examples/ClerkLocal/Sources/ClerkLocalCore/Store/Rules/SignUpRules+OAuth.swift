import ClerkAPI
import Foundation

extension SignUpRules {
    /// `POST /v1/client/sign_ups {strategy: oauth_<provider>, redirect_url, …}`: a sign-up whose
    /// external account is verified at the provider; its `external_verification_redirect_url` leads
    /// there. The request's other fields (`legal_accepted`, `unsafe_metadata`, …) apply at once.
    package mutating func startOAuthSignUp(
        _ meta: RequestMeta, _ input: SignUpInput, _ start: OAuthSignInStart
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        guard settings.oauthProviders?.config(for: start.provider) != nil else { throw IdentityTokenVerifier.notEnabled(start.provider) }
        try admit(meta)
        var (client, record) = try newSignUp(meta, transfer: false, invited: false)
        var verification = VerificationRecord(
            strategy: start.provider.oauthStrategy, fixedStatus: .unverified, attempts: nil, challenge: nil, factorID: nil)
        verification.external = ExternalVerification(
            redirectURL: start.authorizationURL, expiresAt: now.addingTimeInterval(ExternalVerification.lifetime))
        var fields = input
        fields.strategy = nil  // the provider's strategy, taken by the verification
        record = try applying(fields, to: record, passwordHash: nil)
        record.externalVerification = verification
        record.status = .missingRequirements
        return commit(record, client: &client)
    }

    /// The provider's callback for the browser sign-up `signUpID` came back with `result`: held, as
    /// for sign-ins, until the client that started it presents `nonce`.
    package mutating func holdOAuthSignUpCallback(
        signUpID: String, authorizationURL: String, _ result: OAuthCallbackResult, nonce: String
    ) throws(FrontendError) {
        guard var record = signUps[signUpID], var client = clients[record.clientID], client.signUpID == signUpID,
            record.status == .missingRequirements, let verification = record.externalVerification,
            verification.external?.redirectURL == authorizationURL, verification.external?.held == nil,
            verification.status(now: now) == .unverified
        else { throw FrontendError(.oauthCallbackInvalid) }
        record.externalVerification?.external?.held = HeldOAuthCallback(nonce: nonce, result: result)
        _ = commit(record, client: &client)
    }

    /// `GET /v1/client/sign_ups/{id}?rotating_token_nonce=…`: the owning client presents the nonce
    /// and the callback's result takes effect once. A new account: the sign-up takes the provider's
    /// verified address, names and account, and completes when nothing else is missing. An account
    /// or address a user already has: the verification becomes `transferable`
    /// (`external_account_exists`), for a sign-in with `transfer`. A refusal fails the verification
    /// with its code. A missing, wrong, used or expired nonce answers the sign-up as it is.
    package mutating func redeemOAuthSignUpCallback(
        _ meta: RequestMeta, id: String, nonce: String?
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        let client = try requireClient(meta)
        guard var record = signUps[id], record.clientID == client.id else { throw .notFound("SignUpNotFound") }
        guard let nonce, client.signUpID == id, record.status == .missingRequirements, let verification = record.externalVerification,
            let held = verification.external?.held, verification.status(now: now) == .unverified, held.isRedeemed(by: nonce)
        else { return StoreAnswer(resource: record, snapshot: snapshot(of: client.id)) }
        var updated = client
        record.externalVerification?.external?.held = nil
        switch held.result {
        case .identity(let identity):
            if hasAccount(identity) {
                record.externalVerification?.fixedStatus = .transferable
                record.externalVerification?.external?.errorCode = Self.externalAccountExists
                record.identityTransfer = identity
            } else {
                try adopt(identity, into: &record)
                record.externalVerification?.fixedStatus = .verified
                try settle(&record, client: &updated)
            }
        case .refused(let code):
            record.externalVerification?.external?.errorCode = code
        }
        return commit(record, client: &updated)
    }

    /// Clerk's code on a browser sign-up's verification whose account already has a user.
    package static let externalAccountExists = "external_account_exists"

    private func hasAccount(_ identity: VerifiedIdentity) -> Bool {
        userIDsByEmail[identity.emailAddress] != nil
            || users.values.contains { $0.hasExternalAccount(identity.provider, subject: identity.subject) }
    }
}

import ClerkAPI
import Foundation

extension SignUpRules {
    /// `POST /v1/client/sign_ups {strategy: oauth_token_*|google_one_tap, token, …}` once the token
    /// is verified: the sign-up takes the token's verified email address, names and external account,
    /// then the other fields of the request, and completes when nothing else is missing.
    package mutating func createSignUpWithIdentity(
        _ meta: RequestMeta, _ input: SignUpInput, identity: VerifiedIdentity, passwordHash: String?
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try admit(meta, identifier: identity.emailAddress, clientCounted: true)
        guard settings.identityProviders?.config(for: identity.provider) != nil else { throw IdentityTokenVerifier.notEnabled(identity.provider) }
        if users.owner(ofExternalAccount: identity.provider, subject: identity.subject) != nil {
            throw .identifierExists("token")
        }
        var (client, record) = try newSignUp(meta, transfer: false, invited: false)
        try adopt(identity, into: &record)
        record = try applying(input, to: record, passwordHash: passwordHash)
        try settle(&record, client: &client)
        return commit(record, client: &client)
    }

    /// The token's identity on a new sign-up: its address verified by the provider (Clerk's
    /// `from_oauth_<provider>` verification), its names, and the account to link.
    mutating func adopt(_ identity: VerifiedIdentity, into record: inout SignUpRecord) throws(FrontendError) {
        guard settings.emailAddress.enabled else { throw .unknownParameter("email_address") }
        guard userIDsByEmail[identity.emailAddress] == nil else { throw .identifierExists("email_address") }
        record.emailAddress = identity.emailAddress
        record.emailVerification = .verified(
            identity.enterpriseConnectionID == nil ? Strategy(rawValue: "from_oauth_\(identity.provider.rawValue)") : .enterpriseSSO)
        record.firstName = identity.firstName
        record.lastName = identity.lastName
        record.identity = identity
    }
}

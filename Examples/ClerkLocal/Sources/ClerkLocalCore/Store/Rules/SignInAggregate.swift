import ClerkAPI
import Foundation

/// The rules of sign-ins, split by responsibility (`SignInRules`, `SignInSecondFactorRules`,
/// `PasskeySignInRules`, `ExternalSignInRules`): what they share is here.
protocol SignInAggregate: InstanceRules {}

extension SignInAggregate {
    /// A sign-in of the caller's client; other clients' sign-ins do not exist for the caller, and
    /// only the current one may change.
    package mutating func signIn(_ meta: RequestMeta, id: String, forUpdate: Bool) throws(FrontendError) -> (ClientRecord, SignInRecord) {
        let client = try requireClient(meta)
        guard let signIn = signIns[id], signIn.clientID == client.id else { throw .notFound("SignInNotFound") }
        if forUpdate, client.signInID != id {
            throw FrontendError(.resourceForbidden, variant: "MutationOnOlderSignInNotAllowed")
        }
        return (client, signIn)
    }

    mutating func newSignIn(
        client: ClientRecord, identifier: ParsedIdentifier?, userID: String?, concealed: Bool, locale: String?,
        status: SignInStatus = .needsFirstFactor
    ) -> SignInRecord {
        SignInRecord(
            id: SecureRandom.identifier(prefix: "sia"), clientID: client.id, status: status,
            identifier: identifier?.value, identifierKind: identifier?.kind, userID: userID, signUpIfMissing: false,
            concealed: concealed, firstFactors: [], locale: locale, createdAt: now,
            abandonAt: now.addingTimeInterval(24 * 3600))
    }

    mutating func commit(_ signIn: SignInRecord, client: inout ClientRecord) -> StoreAnswer<SignInRecord> {
        signIns[signIn.id] = signIn
        client.signInID = signIn.id
        store(client)
        return StoreAnswer(resource: signIn, snapshot: snapshot(of: client.id))
    }

    /// The sign-in waiting for a first factor, the request counted against the rate limits.
    mutating func signInAwaitingFirstFactor(
        _ meta: RequestMeta, id: String, step: String
    ) throws(FrontendError) -> (ClientRecord, SignInRecord) {
        let (client, signIn) = try signIn(meta, id: id, forUpdate: true)
        try admit(meta, identifier: signIn.identifier, account: signIn.userID)
        guard signIn.status == .needsFirstFactor else {
            throw .clientState(step, "The sign-in is not waiting for a first factor.")
        }
        return (client, signIn)
    }
}

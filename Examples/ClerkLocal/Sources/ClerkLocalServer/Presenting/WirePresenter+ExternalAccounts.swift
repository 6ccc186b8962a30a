import ClerkAPI
import ClerkLocalCore
import Foundation

/// External accounts and the verifications of identity-token sign-ins and sign-ups, in the shapes
/// of Clerk's spec (`ExternalAccountWithVerification`, `Stubs.Verification.Oauth`,
/// `Stubs.Verification.GoogleOneTap`, `Stubs.Verification.FromOauth`).
extension WirePresenter {
    /// A user's external account (the generated `User.externalAccounts` holds them as JSON).
    package func externalAccount(_ record: ExternalAccountRecord, of user: UserRecord, now: Date) -> JSONValue {
        ExternalAccountJSON.object(record, of: user, now: now)
    }

    /// The `object` of an identity token's verification, nil for other strategies.
    static func identityVerificationObject(_ strategy: Strategy) -> String? {
        if strategy == .googleOneTap { return "verification_google_one_tap" }
        if IdentityTokenProvider(strategy: strategy) != nil || IdentityTokenProvider(oauthStrategy: strategy) != nil { return "verification_oauth" }
        if strategy.rawValue.hasPrefix("from_oauth_") { return "verification_from_oauth" }
        return nil
    }

    /// A transferable identity-token verification carries why: no account has the token's identity.
    static func identityVerificationError(_ status: VerificationStatus) -> APIError? {
        guard status == .transferable else { return nil }
        let error = FrontendError(.externalAccountNotFound)
        return APIError(message: error.message, longMessage: error.longMessage, code: error.code)
    }

    /// Why a browser verification failed (`oauth_access_denied`, `oauth_token_exchange_error`, …).
    static func externalVerificationError(_ external: ExternalVerification?, strategy: Strategy) -> APIError? {
        guard let code = external?.errorCode else { return nil }
        let error = FrontendError(ClerkErrorCode(rawValue: code))
        let provider = IdentityTokenProvider(oauthStrategy: strategy)?.title ?? "OAuth"
        let long = error.longMessage.replacingOccurrences(of: "<providerName>", with: provider)
            .replacingOccurrences(of: "<providerTitle>", with: provider)
        return APIError(message: error.message, longMessage: long, code: error.code)
    }

    /// The external account a sign-up links, verified by the token.
    func signUpExternalAccountVerification(_ record: SignUpRecord) -> Verification? {
        guard let identity = record.identity else { return nil }
        return Verification(
            object: Self.identityVerificationObject(identity.strategy), status: .verified, strategy: identity.strategy, attempts: nil,
            expireAt: ClerkTimestamp(record.abandonAt))
    }

}

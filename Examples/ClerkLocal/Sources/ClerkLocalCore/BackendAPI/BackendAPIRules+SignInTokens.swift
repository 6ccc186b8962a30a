import ClerkAPI
import Foundation

extension BackendAPIRules {
    /// Mints a sign-in token for a user; its secret is answered once.
    package mutating func createSignInToken(_ input: BackendCreateSignInToken) throws(FrontendError) -> IssuedSignInToken {
        guard var user = users[input.userID] else { throw .notFound("ResourceNotFound") }
        let lifetime = input.expiresInSeconds ?? BackendCreateSignInToken.defaultLifetimeSeconds
        guard (1...SettingsBounds.tenYears).contains(lifetime) else {
            throw .invalidFormat("expires_in_seconds", longMessage: "expires_in_seconds must be between 1 and \(SettingsBounds.tenYears).")
        }
        let (record, token) = SignInTokenRecord.issue(now: now, lifetimeSeconds: lifetime)
        user.signInTokens = (user.signInTokens ?? []).filter { $0.status == .pending && $0.expiresAt > now } + [record]
        store(user)
        return IssuedSignInToken(record: record, userID: user.id, token: token)
    }

    /// Revokes a pending sign-in token.
    package mutating func revokeSignInToken(id: String) throws(FrontendError) -> IssuedSignInToken {
        guard var user = users.records(for: LookupKey.signInToken(id)).first(where: { $0.signInTokens?.contains { $0.id == id } == true }),
            let index = user.signInTokens?.firstIndex(where: { $0.id == id }),
            var record = user.signInTokens?[index]
        else { throw .notFound("ResourceNotFound") }
        guard record.status == .pending else {
            // A Backend API code, outside the Frontend API catalogue the schema carries.
            throw FrontendError(
                ClerkErrorCode(rawValue: "sign_in_token_cannot_be_revoked_code"), status: 400, message: "cannot revoke",
                longMessage: "Sign in token cannot be revoked because its status is \(record.status.rawValue). Only pending tokens can be revoked.")
        }
        record.status = .revoked
        record.updatedAt = now
        user.signInTokens?[index] = record
        store(user)
        return IssuedSignInToken(record: record, userID: user.id, token: nil)
    }
}

/// A sign-in token as the Backend API answers it: the secret only when it was just minted.
package struct IssuedSignInToken: Sendable {
    package var record: SignInTokenRecord
    package var userID: String
    package var token: String?
}

import ClerkAPI
import Foundation

extension BackendAPIRules {
    /// Mints an actor token to act as `input.userID` on behalf of `input.actor`; its secret is
    /// answered once. The actor needs a `sub` (the impersonating user's id); the rest of its object
    /// is carried as given into the session and its tokens.
    package mutating func createActorToken(_ input: BackendCreateActorToken) throws(FrontendError) -> IssuedActorToken {
        guard let given = input.actor else { throw .missing("actor") }
        guard case .object(let actor) = given else {
            throw .invalidFormat("actor", longMessage: "actor must be an object with a sub.")
        }
        guard case .string(let subject)? = actor["sub"], !subject.isEmpty else { throw .missing("actor.sub") }
        let lifetime = try Self.seconds(input.expiresInSeconds, "expires_in_seconds", default: BackendCreateActorToken.defaultLifetimeSeconds)
        let sessionMaxDuration = try Self.seconds(
            input.sessionMaxDurationInSeconds, "session_max_duration_in_seconds",
            default: BackendCreateActorToken.defaultSessionMaxDurationSeconds)
        guard var user = users[input.userID] else { throw .notFound("ResourceNotFound") }
        let (record, token) = ActorTokenRecord.issue(
            actor: given, now: now, lifetimeSeconds: lifetime, sessionMaxDurationSeconds: sessionMaxDuration)
        // Spent, revoked and expired tokens go: the user keeps only the tokens that can still sign in.
        user.actorTokens = (user.actorTokens ?? []).filter { $0.status == .pending && $0.expiresAt > now } + [record]
        store(user)
        return IssuedActorToken(record: record, userID: user.id, token: token)
    }

    /// Revokes a pending actor token; an accepted or revoked one is Clerk's `actor_token_cannot_be_revoked_code`.
    package mutating func revokeActorToken(id: String) throws(FrontendError) -> IssuedActorToken {
        guard var user = users.records(for: LookupKey.actorToken(id)).first(where: { $0.actorTokens?.contains { $0.id == id } == true }),
            let index = user.actorTokens?.firstIndex(where: { $0.id == id }),
            var record = user.actorTokens?[index]
        else { throw .notFound("ResourceNotFound") }
        guard record.status == .pending else {
            // A Backend API code, outside the Frontend API catalogue the schema carries.
            throw FrontendError(
                ClerkErrorCode(rawValue: "actor_token_cannot_be_revoked_code"), status: 400, message: "cannot revoke",
                longMessage: "Actor token cannot be revoked because its status is \(record.status.rawValue). Only pending tokens can be revoked.")
        }
        record.status = .revoked
        record.updatedAt = now
        user.actorTokens?[index] = record
        store(user)
        return IssuedActorToken(record: record, userID: user.id, token: nil)
    }

    /// A duration in seconds the body may give, between one second and ten years.
    private static func seconds(_ value: Int?, _ parameter: String, default fallback: Int) throws(FrontendError) -> Int {
        let seconds = value ?? fallback
        guard (1...SettingsBounds.tenYears).contains(seconds) else {
            throw .invalidFormat(parameter, longMessage: "\(parameter) must be between 1 and \(SettingsBounds.tenYears).")
        }
        return seconds
    }
}

/// An actor token as the Backend API answers it: the secret only when it was just minted.
package struct IssuedActorToken: Sendable {
    package var record: ActorTokenRecord
    package var userID: String
    package var token: String?
}

import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// An operation of the store a route runs: the change, on the store's actor.
package typealias StoreOperation<Value> = @Sendable (isolated FrontendStore) throws -> Value

/// One Frontend API request after its body has been read and decoded: what a route handler works with.
package struct FrontendCall<Body: Sendable>: Sendable {
    package let request: Request
    package let context: LocalRequestContext
    package let meta: RequestMeta
    package let body: Body
    package let core: ServerCore

    package func parameter(_ name: String) throws(FrontendError) -> String {
        try RequestReading.parameter(name, context)
    }

    package var azp: String { core.authorizedParty(request) }

    /// Runs a store operation and answers with `present`'s response (or the operation's refusal in
    /// Clerk's error envelope) once the operation's changes are durable. If the response cannot be
    /// made (a token not signed), the operation is undone and the error rethrown.
    package func answer<Value: Sendable>(
        _ operation: StoreOperation<Value>, present: @escaping @Sendable (Value) async throws -> Response
    ) async throws -> Response {
        try await core.store.perform(operation) { result in
            switch result {
            case .success(let value): try await present(value)
            case .failure(let refusal as FrontendError): try await self.refusal(refusal)
            case .failure(let error): throw error
            }
        }
    }

    /// The error envelope, with the client's state when the refusal carries it.
    package func refusal(_ error: FrontendError) async throws -> Response {
        guard let snapshot = error.client else { return WireResponses.error(error, client: nil, clientToken: nil) }
        let client = try await core.presenter.client(snapshot, azp: azp)
        return WireResponses.error(error, client: client, clientToken: snapshot.client.token)
    }

    /// `{response, client}` with the client's token in `Authorization`.
    package func envelope<Resource: Codable & Sendable & Hashable>(_ resource: Resource, _ snapshot: ClientSnapshot) async throws -> Response {
        let client = try await core.presenter.client(snapshot, azp: azp)
        return try WireResponses.envelope(resource, client: client, clientToken: snapshot.client.token)
    }

    /// The client alone, as the client endpoints answer it.
    package func client(_ operation: StoreOperation<ClientSnapshot>) async throws -> Response {
        try await answer(operation) { snapshot in
            let client = try await core.presenter.client(snapshot, azp: azp)
            return try WireResponses.envelope(Optional(client), client: client, clientToken: snapshot.client.token)
        }
    }

    /// The sign-in, presented and encoded once when it is also the client's current one.
    package func signIn(_ operation: StoreOperation<StoreAnswer<SignInRecord>>) async throws -> Response {
        try await answer(operation) { answer in
            let signIn = core.presenter.signIn(answer.resource, snapshot: answer.snapshot)
            guard answer.snapshot.signIn?.id == answer.resource.id else { return try await envelope(signIn, answer.snapshot) }
            var rest = answer.snapshot
            rest.signIn = nil
            let client = try await core.presenter.client(rest, azp: azp)
            return try WireResponses.envelope(signIn, sharedBy: client, at: \.signIn, key: "sign_in", clientToken: rest.client.token)
        }
    }

    /// The sign-up, presented and encoded once when it is also the client's current one.
    package func signUp(_ operation: StoreOperation<StoreAnswer<SignUpRecord>>) async throws -> Response {
        try await answer(operation) { answer in
            let signUp = core.presenter.signUp(answer.resource, now: answer.snapshot.now)
            guard answer.snapshot.signUp?.id == answer.resource.id else { return try await envelope(signUp, answer.snapshot) }
            var rest = answer.snapshot
            rest.signUp = nil
            let client = try await core.presenter.client(rest, azp: azp)
            return try WireResponses.envelope(signUp, sharedBy: client, at: \.signUp, key: "sign_up", clientToken: rest.client.token)
        }
    }

    package func session(_ operation: StoreOperation<StoreAnswer<TokenGrant>>) async throws -> Response {
        try await answer(operation) { answer in
            let session = try await core.presenter.session(
                answer.resource.session, user: answer.resource.user, now: answer.snapshot.now, azp: azp,
                organization: answer.snapshot.organizations[answer.resource.session.id])
            return try await envelope(session, answer.snapshot)
        }
    }

    /// Checks a password outside the store and hands the result (and a digest to replace, if any) back to it.
    package func checkPassword(_ password: String, plan: PasswordPlan) async throws(FrontendError) -> PasswordCheck {
        try await core.hasher.check(password, against: plan.passwordHash)
    }

    /// The policy check, then the bcrypt hash (off the actor and the cooperative pool).
    package func hashNewPassword(_ password: String, identifiers: [String]) async throws(FrontendError) -> String {
        if let violation = core.policy.violation(of: password, identifiers: identifiers) { throw violation }
        return try await core.hasher.admittedHash(password)
    }
}

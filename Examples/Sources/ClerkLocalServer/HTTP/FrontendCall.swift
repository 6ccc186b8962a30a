import ClerkAPI
import Foundation
import Hummingbird

/// An operation of the store a route runs: the change, on the store's actor.
typealias StoreOperation<Value> = @Sendable (isolated FrontendStore) throws -> Value

/// One Frontend API request after its body has been read and decoded: what a route handler works with.
struct FrontendCall<Body: Sendable>: Sendable {
    let request: Request
    let context: LocalRequestContext
    let meta: RequestMeta
    let body: Body
    let core: ServerCore

    func parameter(_ name: String) throws(FrontendError) -> String {
        try RequestReading.parameter(name, context)
    }

    var azp: String { core.authorizedParty(request) }

    /// Runs a store operation and answers with `present`'s response (or the operation's refusal in
    /// Clerk's error envelope) once the operation's changes are durable. If the response cannot be
    /// made (a token not signed), the operation is undone and the error rethrown.
    func answer<Value: Sendable>(
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
    func refusal(_ error: FrontendError) async throws -> Response {
        guard let snapshot = error.client else { return WireResponses.error(error, client: nil, clientToken: nil) }
        let client = try await core.presenter.client(snapshot, azp: azp)
        return WireResponses.error(error, client: client, clientToken: snapshot.client.token)
    }

    /// `{response, client}` with the client's token in `Authorization`.
    func envelope<Resource: Codable & Sendable & Hashable>(_ resource: Resource, _ snapshot: ClientSnapshot) async throws -> Response {
        let client = try await core.presenter.client(snapshot, azp: azp)
        return try WireResponses.envelope(resource, client: client, clientToken: snapshot.client.token)
    }

    /// The client alone, as the client endpoints answer it.
    func client(_ operation: StoreOperation<ClientSnapshot>) async throws -> Response {
        try await answer(operation) { snapshot in
            let client = try await core.presenter.client(snapshot, azp: azp)
            return try WireResponses.envelope(Optional(client), client: client, clientToken: snapshot.client.token)
        }
    }

    func signIn(_ operation: StoreOperation<StoreAnswer<SignInRecord>>) async throws -> Response {
        try await answer(operation) { answer in
            try await envelope(core.presenter.signIn(answer.resource, snapshot: answer.snapshot), answer.snapshot)
        }
    }

    func signUp(_ operation: StoreOperation<StoreAnswer<SignUpRecord>>) async throws -> Response {
        try await answer(operation) { answer in
            try await envelope(core.presenter.signUp(answer.resource, now: answer.snapshot.now), answer.snapshot)
        }
    }

    func session(_ operation: StoreOperation<StoreAnswer<TokenGrant>>) async throws -> Response {
        try await answer(operation) { answer in
            let session = try await core.presenter.session(
                answer.resource.session, user: answer.resource.user, now: answer.snapshot.now, azp: azp)
            return try await envelope(session, answer.snapshot)
        }
    }

    /// Checks a password outside the store and hands the result (and a digest to replace, if any) back to it.
    func checkPassword(_ password: String, plan: PasswordPlan) async throws(FrontendError) -> PasswordCheck {
        try await core.hasher.check(password, against: plan.passwordHash)
    }

    /// The policy check, then the bcrypt hash (off the actor and the cooperative pool).
    func hashNewPassword(_ password: String, identifiers: [String]) async throws(FrontendError) -> String {
        if let violation = core.policy.violation(of: password, identifiers: identifiers) { throw violation }
        return try await core.hasher.admittedHash(password)
    }
}

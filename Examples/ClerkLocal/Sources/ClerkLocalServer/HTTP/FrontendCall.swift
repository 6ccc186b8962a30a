import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// An operation a route runs: a call of the rules of one aggregate, on the store's actor.
package typealias RulesOperation<Rules: InstanceRules, Value> = @Sendable (inout Rules) throws -> Value

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

    /// Runs an operation of `rules` and answers with `present`'s response (or the operation's refusal
    /// in Clerk's error envelope) once the operation's changes are durable. If the response cannot be
    /// made (a token not signed), the operation is undone and the error rethrown.
    package func answer<Rules: InstanceRules, Value: Sendable>(
        _ rules: Rules.Type, _ operation: RulesOperation<Rules, Value>, present: @escaping @Sendable (Value) async throws -> Response
    ) async throws -> Response {
        try await core.store.perform(rules, operation) { result in try await respond(result, present: present) }
    }

    /// `answer(_:_:present:)` for an operation with slow work in its middle (`FrontendStore.perform(_:plan:outside:complete:answer:)`).
    package func answer<Rules: InstanceRules, Plan: Sendable, Work: Sendable, Value: Sendable>(
        _ rules: Rules.Type, plan: @escaping @Sendable (inout Rules) throws -> Plan, outside: @escaping @Sendable (Plan) async throws -> Work,
        complete: @escaping @Sendable (inout Rules, Plan, Work) throws -> Value, present: @escaping @Sendable (Value) async throws -> Response
    ) async throws -> Response {
        try await core.store.perform(rules, plan: plan, outside: outside, complete: complete) { result in
            try await respond(result, present: present)
        }
    }

    private func respond<Value: Sendable>(
        _ result: Result<Value, any Error>, present: @Sendable (Value) async throws -> Response
    ) async throws -> Response {
        switch result {
        case .success(let value): try await present(value)
        case .failure(let refusal as FrontendError): try await self.refusal(refusal)
        case .failure(let error): throw error
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
    package func client<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, ClientSnapshot>) async throws -> Response {
        try await answer(rules, operation) { snapshot in
            let client = try await core.presenter.client(snapshot, azp: azp)
            return try WireResponses.envelope(Optional(client), client: client, clientToken: snapshot.client.token)
        }
    }

    /// A sign-in an operation of `rules` answers.
    package func signIn<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<SignInRecord>>) async throws -> Response {
        try await answer(rules, operation, present: presentSignIn)
    }

    /// The sign-in, presented and encoded once when it is also the client's current one.
    package func presentSignIn(_ answer: StoreAnswer<SignInRecord>) async throws -> Response {
        let signIn = core.presenter.signIn(answer.resource, snapshot: answer.snapshot)
        guard answer.snapshot.signIn?.id == answer.resource.id else { return try await envelope(signIn, answer.snapshot) }
        var rest = answer.snapshot
        rest.signIn = nil
        let client = try await core.presenter.client(rest, azp: azp)
        return try WireResponses.envelope(signIn, sharedBy: client, at: \.signIn, key: "sign_in", clientToken: rest.client.token)
    }

    /// A sign-up an operation of `rules` answers.
    package func signUp<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<SignUpRecord>>) async throws -> Response {
        try await answer(rules, operation, present: presentSignUp)
    }

    /// The sign-up, presented and encoded once when it is also the client's current one.
    package func presentSignUp(_ answer: StoreAnswer<SignUpRecord>) async throws -> Response {
        let signUp = core.presenter.signUp(answer.resource, now: answer.snapshot.now)
        guard answer.snapshot.signUp?.id == answer.resource.id else { return try await envelope(signUp, answer.snapshot) }
        var rest = answer.snapshot
        rest.signUp = nil
        let client = try await core.presenter.client(rest, azp: azp)
        return try WireResponses.envelope(signUp, sharedBy: client, at: \.signUp, key: "sign_up", clientToken: rest.client.token)
    }

    package func session<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<TokenGrant>>) async throws -> Response {
        try await answer(rules, operation) { answer in
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

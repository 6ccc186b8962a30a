import ClerkAPI
import Foundation
import Hummingbird

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

    /// `{response, client}` with the client's token in `Authorization`.
    func envelope<Resource: Codable & Sendable & Hashable>(_ resource: Resource, _ snapshot: ClientSnapshot) async throws -> Response {
        let client = try await core.presenter.client(snapshot, azp: azp)
        return try WireResponses.envelope(resource, client: client, clientToken: snapshot.client.token)
    }

    func signIn(_ answer: StoreAnswer<SignInRecord>) async throws -> Response {
        try await envelope(core.presenter.signIn(answer.resource, snapshot: answer.snapshot), answer.snapshot)
    }

    func signUp(_ answer: StoreAnswer<SignUpRecord>) async throws -> Response {
        try await envelope(core.presenter.signUp(answer.resource, now: answer.snapshot.now), answer.snapshot)
    }

    func session(_ answer: StoreAnswer<TokenGrant>) async throws -> Response {
        let session = try await core.presenter.session(
            answer.resource.session, user: answer.resource.user, now: answer.snapshot.now, azp: azp)
        return try await envelope(session, answer.snapshot)
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

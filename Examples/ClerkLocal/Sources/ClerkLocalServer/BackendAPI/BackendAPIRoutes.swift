import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The part of Clerk's Backend API that tests and backends use, under `/bapi/v1` on the server's
/// own port. Every call needs the server's secret key as `Authorization: Bearer sk_test_…`
/// (`BackendAPIGuard`); bodies are JSON, answers are shaped by `BackendPresenter`.
///
/// - Users: `POST /users`, `GET /users`, `GET /users/count`, `GET|PATCH|DELETE /users/{id}`,
///   `POST /users/{id}/lock`, `POST /users/{id}/unlock`.
///   `POST /users/{id}/password/set_compromised`, `POST /users/{id}/password/unset_compromised`.
/// - Sessions: `GET /sessions` (`user_id`, `client_id`, `status`), `POST /sessions/{id}/revoke`.
/// - Sign-in tokens: `POST /sign_in_tokens`, `POST /sign_in_tokens/{id}/revoke`.
/// - Actor tokens: `POST /actor_tokens`, `POST /actor_tokens/{id}/revoke` (`BackendAPIRoutes+ActorTokens.swift`).
/// - Invitations: `POST /invitations`, `GET /invitations`, `POST /invitations/{id}/revoke`.
/// - The waitlist: `GET|POST /waitlist_entries`, `POST /waitlist_entries/{id}/invite|reject`,
///   `DELETE /waitlist_entries/{id}` (`BackendAPIRoutes+Waitlist.swift`).
/// - `PATCH /users/{id}/metadata`; organizations, their members and invitations
///   (`BackendAPIRoutes+Organizations.swift`, `BackendAPIRoutes+MoreInvitations.swift`).
/// - `GET /jwks`, `POST /testing_tokens`.
package struct BackendAPIRoutes: Sendable {
    package static let prefix = "/bapi/v1"
    package let core: ServerCore

    package func register(on router: Router<LocalRequestContext>) {
        let routes = MethodAwareRouter(router)
        let api = routes.group(RouterPath(Self.prefix)).add(middleware: BackendAPIGuard(core: core))
        api.get("users") { request, _ in
            try await answer {
                let views = await core.store.read(BackendAPIRules.self) { [query = try BackendUserQuery(request)] in $0.backendUsers(query) }
                return .array(await present(views))
            }
        }
        api.get("users/count") { request, _ in
            try await answer {
                BackendPresenter.totalCount(
                    await core.store.read(BackendAPIRules.self) { [query = try BackendUserQuery(request)] in $0.backendUserCount(query) })
            }
        }
        api.post("users") { request, context in
            try await answer {
                let input = try await Self.body(BackendCreateUser.self, keys: BackendCreateUser.keys, request, context)
                let created = try await input.create(with: core.userCreation)
                return await present(await core.store.read(BackendAPIRules.self) { $0.backendView(created.record) })
            }
        }
        api.get("users/:user_id") { _, context in
            try await answer {
                await present(
                    try await core.store.read(BackendAPIRules.self) { [id = try RequestReading.parameter("user_id", context)] in try $0.backendUser(id: id) })
            }
        }
        api.patch("users/:user_id") { request, context in
            try await answer {
                let id = try RequestReading.parameter("user_id", context)
                let input = try await Self.body(BackendUpdateUser.self, keys: BackendUpdateUser.keys, request, context)
                let identifiers = (try? await core.store.read(BackendAPIRules.self) { try $0.backendUser(id: id) })?.user.identifiers ?? []
                let hash = try await passwordHash(input.password, skipChecks: input.skipPasswordChecks == true, identifiers: identifiers)
                return await present(try await core.store.perform(BackendAPIRules.self) { try $0.backendUpdateUser(id: id, input, passwordHash: hash) })
            }
        }
        api.delete("users/:user_id") { _, context in
            try await answer {
                let id = try RequestReading.parameter("user_id", context)
                try await core.store.perform(BackendAPIRules.self) { try $0.backendDeleteUser(id: id) }
                return BackendPresenter.deleted("user", id: id)
            }
        }
        for (action, locked) in [("lock", true), ("unlock", false)] {
            api.post("users/:user_id/\(action)") { _, context in
                try await answer {
                    let id = try RequestReading.parameter("user_id", context)
                    return await present(try await core.store.perform(BackendAPIRules.self) { try $0.backendSetLocked(id: id, locked) })
                }
            }
        }
        for (action, compromised) in [("set_compromised", true), ("unset_compromised", false)] {
            api.post("users/:user_id/password/\(action)") { request, context in
                try await answer {
                    _ = try await Self.body(BackendPasswordCompromise.self, keys: BackendPasswordCompromise.keys, request, context)
                    let id = try RequestReading.parameter("user_id", context)
                    return await present(try await core.store.perform(BackendAPIRules.self) { try $0.backendSetPasswordCompromised(id: id, compromised) })
                }
            }
        }
        api.get("sessions") { request, _ in
            try await answer {
                let query = request.uri.queryParameters
                let status = try query.get("status").map { text throws(FrontendError) in
                    guard Self.sessionStatuses.contains(text) else { throw .invalidValue("status", text) }
                    return SessionStatus(rawValue: text)
                }
                let found = await core.store.read(BackendAPIRules.self) { [userID = query.get("user_id"), clientID = query.get("client_id")] in
                    $0.backendSessions(userID: userID, clientID: clientID, status: status)
                }
                let limit = try BackendUserQuery.integer(query.get("limit"), "limit", default: 10, in: 1...500)
                let offset = try BackendUserQuery.integer(query.get("offset"), "offset", default: 0, in: 0...Int.max)
                let presenter = BackendPresenter(settings: core.settings, now: core.now())
                let page = JSONValue.array(found.dropFirst(offset).prefix(limit).map(presenter.session))
                guard query.get("paginated") == "true" else { return page }
                return .object(["data": page, "total_count": .integer(Int64(found.count))])
            }
        }
        api.post("sessions/:session_id/revoke") { _, context in
            try await answer {
                let id = try RequestReading.parameter("session_id", context)
                let session = try await core.store.perform(BackendAPIRules.self) { try $0.backendRevokeSession(id: id) }
                return BackendPresenter(settings: core.settings, now: core.now()).session(session)
            }
        }
        api.post("sign_in_tokens") { request, context in
            try await answer {
                let input = try await Self.body(BackendCreateSignInToken.self, keys: BackendCreateSignInToken.keys, request, context)
                return BackendPresenter.signInToken(try await core.store.perform(BackendAPIRules.self) { try $0.createSignInToken(input) })
            }
        }
        api.post("sign_in_tokens/:sign_in_token_id/revoke") { _, context in
            try await answer {
                let id = try RequestReading.parameter("sign_in_token_id", context)
                return BackendPresenter.signInToken(try await core.store.perform(BackendAPIRules.self) { try $0.revokeSignInToken(id: id) })
            }
        }
        registerInvitations(on: api)
        registerWaitlist(on: api)
        registerActorTokens(on: api)
        api.get("jwks") { _, _ in
            WireResponses.json(try core.signer.jwksDocument())
        }
        api.post("testing_tokens") { _, _ in
            try await answer {
                let expiry = core.now().addingTimeInterval(3600)
                return .object([
                    "object": "testing_token",
                    "token": .string("\(Int(expiry.timeIntervalSince1970))-\(SecureRandom.token())"),
                    "expires_at": .integer(Int64(expiry.timeIntervalSince1970)),
                ])
            }
        }
        registerOrganizations(on: api)
        registerMetadataAndInvitationQueries(on: api)
        routes.answerOtherMethods()
    }

    package static let sessionStatuses: Set<String> = ["active", "revoked", "ended", "expired", "removed", "abandoned", "replaced", "pending"]

    /// Runs a route, answering its value as JSON or its refusal in the error envelope.
    func answer(_ body: () async throws -> JSONValue) async throws -> Response {
        do {
            return WireResponses.json(try WireResponses.encode(try await body()))
        } catch let error as FrontendError {
            return WireResponses.error(error, client: nil, clientToken: nil)
        }
    }

    private func present(_ view: BackendUserView) async -> JSONValue {
        BackendPresenter(settings: core.settings, now: core.now()).user(view.user, lastActiveAt: view.lastActiveAt)
    }

    private func present(_ views: [BackendUserView]) async -> [JSONValue] {
        let presenter = BackendPresenter(settings: core.settings, now: core.now())
        return views.map { presenter.user($0.user, lastActiveAt: $0.lastActiveAt) }
    }

    /// Checked against the policy unless `skip_password_checks`; hashed outside the store.
    private func passwordHash(_ password: String?, skipChecks: Bool, identifiers: [String]) async throws(FrontendError) -> String? {
        guard let password else { return nil }
        let checks: PasswordChecks = skipChecks ? .storableOnly : .policy
        if let violation = checks.violation(of: password, identifiers: identifiers, policy: core.policy) { throw violation }
        return await core.hasher.hash(password)
    }

    /// A JSON object body (empty means `{}`) naming only `keys`.
    static func body<Body: Decodable>(_ type: Body.Type, keys: Set<String>, _ request: Request, _ context: LocalRequestContext)
        async throws(FrontendError) -> Body
    {
        let buffer = try await RequestReading.body(request, context)
        let data = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer.readableBytesView)
        if buffer.readableBytes > 0 { try RequestReading.requireContentType(.applicationJson, request) }
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw .invalidBody("The body must be a JSON object sent as application/json.")
        }
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) { throw .unknownParameter(unknown) }
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch {
            let key = (error as? DecodingError).flatMap(Self.codingKey) ?? "body"
            throw .invalidFormat(key, longMessage: "\(key) has the wrong type.")
        }
    }

    private static func codingKey(_ error: DecodingError) -> String? {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath.first?.stringValue
        case .keyNotFound(let key, _): key.stringValue
        @unknown default: nil
        }
    }
}

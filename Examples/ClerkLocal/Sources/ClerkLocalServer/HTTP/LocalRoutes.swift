import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The emulator's own endpoints: the JWKS, the outbox, and the admin API. Everything under
/// `/__local` passes `LocalAccessGuard` first (loopback or the secret key, own Host and Origin,
/// JSON writes).
///
/// - `GET /.well-known/jwks.json`: the session-token signing key.
/// - `GET /__local/outbox[?to=ADDRESS]`: `{"messages": [...]}`, every code sent, newest first (as
///   the dashboard's inbox lists them).
/// - `GET /__local/admin/settings`: the instance settings in effect, OAuth client secrets shown as `********`.
/// - `POST /__local/admin/users` (JSON `SeedUser`): creates a user; answers `SeededUser` (201).
/// - `GET /__local/admin/users`: the users, without secrets.
/// - `POST /__local/admin/users/{id}/password_compromised`: flags the password as compromised
///   (the user's next session is pending with `reset-password`); answers `{"id": ...}`.
/// - `GET /__local/admin/sessions`: every session with its user, client and status now.
/// - `POST /__local/admin/sessions/{id}/revoke`: revokes a session, as Clerk's dashboard does.
/// - `POST /__local/admin/reset` (`Content-Type: application/json`): drops every user, client, sign-in, sign-up, session and message.
/// - `GET /__local/identity_providers/{provider}/jwks`, `POST /__local/identity_providers/{provider}/tokens`:
///   the test identity providers (`LocalRoutes+IdentityProviders`).
/// - `GET /__local/admin/export`: every user with their password digests, TOTP secrets and backup
///   code digests (`UserExportDocument`, format `clerk-local-users`): the one admin answer that
///   carries secrets, under the same guard as the rest.
/// - `POST /__local/admin/import` (JSON `UserExportDocument`, up to 64 MB): adds its users, ids
///   kept, or refuses the whole document (422 naming the field) and changes nothing; answers
///   `{"imported": N}`. A user id or identifier the server already has is refused, never replaced.
package struct LocalRoutes: Sendable {
    package let core: ServerCore
    package let admin: LocalAdmin

    package func register(on router: Router<LocalRequestContext>) {
        let routes = MethodAwareRouter(router)
        routes.get("/.well-known/jwks.json") { _, _ in
            WireResponses.json(try core.signer.jwksDocument())
        }
        let local = routes.group("/__local").add(middleware: LocalAccessGuard(core: core))
        local.get("outbox") { request, _ in
            let messages = core.outbox.newestFirst(to: request.uri.queryParameters.get("to"))
            return WireResponses.json(try Self.encoder.encode(["messages": messages]))
        }
        local.get("admin/settings") { _, _ in
            WireResponses.json(try SettingsLoader.encode(core.settings.redactedForDisplay))
        }
        local.get("admin/users") { _, _ in
            WireResponses.json(try Self.encoder.encode(["users": await core.store.read(UserAdministration.self) { $0.listUsers() }]))
        }
        local.post("admin/users") { request, context in
            do {
                let seed = try await RequestReading.json(SeedUser.self, request, context, describing: "a user to seed")
                let user = try await admin.seed(seed)
                return WireResponses.json(try Self.encoder.encode(user), status: .created)
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        local.get("admin/sessions") { _, _ in
            WireResponses.json(try Self.encoder.encode(["sessions": await core.store.read(SessionRules.self) { $0.listSessions() }]))
        }
        local.post("admin/sessions/:session_id/revoke") { _, context in
            do {
                let session = try await admin.revokeSession(RequestReading.parameter("session_id", context))
                return WireResponses.json(try Self.encoder.encode(session))
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        local.post("admin/users/:user_id/password_compromised") { _, context in
            do {
                let userID = try RequestReading.parameter("user_id", context)
                try await core.store.perform(UserAdministration.self) { try $0.flagPasswordCompromised(userID: userID) }
                return WireResponses.json(try Self.encoder.encode(["id": userID]))
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        registerImportExport(on: local)
        registerIdentityProviders(on: local)
        local.post("admin/reset") { _, _ in
            try await admin.reset()
            return WireResponses.json(Data(#"{"reset":true}"#.utf8))
        }
        routes.answerOtherMethods()
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

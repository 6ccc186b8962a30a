import ClerkAPI
import Foundation
import Hummingbird

/// The emulator's own endpoints: the JWKS, the outbox, and the admin API.
///
/// - `GET /.well-known/jwks.json`: the session-token signing key.
/// - `GET /__local/outbox[?to=ADDRESS]`: `{"messages": [...]}`, every code sent, oldest first.
/// - `GET /__local/admin/settings`: the instance settings in effect.
/// - `POST /__local/admin/users` (JSON `SeedUser`): creates a user; answers `SeededUser` (201).
/// - `GET /__local/admin/users`: the users, without secrets.
/// - `POST /__local/admin/reset`: drops every user, client, sign-in, sign-up, session and message.
struct LocalRoutes: Sendable {
    let core: ServerCore
    let admin: LocalAdmin

    func register(on router: Router<LocalRequestContext>) {
        router.get("/.well-known/jwks.json") { _, _ in
            WireResponses.json(try core.signer.jwksDocument())
        }
        router.get("/__local/outbox") { request, _ in
            let messages = core.outbox.messages(to: request.uri.queryParameters.get("to"))
            return WireResponses.json(try Self.encoder.encode(["messages": messages]))
        }
        router.get("/__local/admin/settings") { _, _ in
            WireResponses.json(try SettingsLoader.encode(core.settings))
        }
        router.get("/__local/admin/users") { _, _ in
            WireResponses.json(try Self.encoder.encode(["users": await core.store.listUsers()]))
        }
        router.post("/__local/admin/users") { request, context in
            do {
                let buffer = try await request.body.collect(upTo: context.maxUploadSize)
                let seed: SeedUser
                do {
                    seed = try JSONDecoder().decode(SeedUser.self, from: Data(buffer.readableBytesView))
                } catch {
                    throw FrontendError(.requestBodyInvalid, longMessage: "The body must be a JSON SeedUser object.")
                }
                let user = try await admin.seed(seed)
                return WireResponses.json(try Self.encoder.encode(user), status: .created)
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
        router.post("/__local/admin/reset") { _, _ in
            await admin.reset()
            return WireResponses.json(Data(#"{"reset":true}"#.utf8))
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

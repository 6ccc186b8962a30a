import Clerk
import ClerkTicket
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// User impersonation across Clerk's Python backend SDK (`clerk-backend-api`) and the Swift SDK over a
/// real socket: Python creates two users and an actor token (one acts as the other), the Swift SDK
/// signs in with it and reads the actor, Python's `authenticate_request` verifies the session token
/// and reads its `act` claim, and Python revokes a spare token.
@Suite(
    "Interoperability: clerk-backend-api actor tokens",
    .enabled(TestTools.missing("Python's clerk-backend-api")) { TestTools.pythonImports("clerk_backend_api") })
struct ActorTokenInteropTests {
    static let script = """
        import sys, json, httpx
        from clerk_backend_api import Clerk
        from clerk_backend_api.security.types import AuthenticateRequestOptions
        from jwt.algorithms import RSAAlgorithm
        from cryptography.hazmat.primitives import serialization
        action, url, key = sys.argv[1], sys.argv[2], sys.argv[3]
        sdk = Clerk(bearer_auth=key, server_url=url, timeout_ms=120000)
        if action == "create":
            print(sdk.users.create(email_address=[sys.argv[4]], password=sys.argv[5]).id)
        elif action == "actor_token":
            token = sdk.actor_tokens.create(request={"user_id": sys.argv[4], "actor": {"sub": sys.argv[5]}, "session_max_duration_in_seconds": 600})
            # The SDK's model of `actor` keeps none of its keys: the actor is checked on the Swift side.
            print(token.status.value, token.id, token.token)
        elif action == "revoke":
            print(sdk.actor_tokens.revoke(actor_token_id=sys.argv[4]).status.value)
        elif action == "verify":
            jwk = sdk.jwks.get_jwks().keys[0].model_dump(exclude_none=True, by_alias=True)
            pem = RSAAlgorithm.from_jwk(json.dumps(jwk)).public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
            request = httpx.Request("GET", "http://backend.test/", headers={"Authorization": "Bearer " + sys.argv[4]})
            state = sdk.authenticate_request(request, AuthenticateRequestOptions(jwt_key=pem, authorized_parties=[sys.argv[5]], clock_skew_in_ms=600000))
            print(state.status.value, state.payload["sub"], state.payload["act"]["sub"] if state.payload else state.reason)
        """

    @Test("minted by clerk-backend-api, signed in by the Swift SDK with the actor, act verified by authenticate_request")
    func impersonation() async throws {
        // The interop suite's server: email and password, Client Trust off, on a real socket.
        try await ClerkBackendSDKInteropTests.withServer(.emailPassword) { server in try await Self.run(against: server) }
    }

    private static func run(against server: RunningServer) async throws {
        let api = server.backendAPIURL.absoluteString
        func user(_ name: String) async throws -> String {
            try await Python.run(
                script, "create", api, server.secretKey, "\(name)-\(UUID().uuidString.prefix(8).lowercased())@example.com", "vivid-otter-glides-42")
        }
        let customer = try await user("customer")
        let support = try await user("support")
        let minted = try await Python.run(script, "actor_token", api, server.secretKey, customer, support).split(separator: " ").map(String.init)
        #expect(minted.count == 3 && minted[0] == "pending", "\(minted)")
        let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
        let session = try await FlowDriver(client: device, registry: try FactorRegistry([])) { _ in .startOver }
            .signIn(ticket: try Ticket(SecretString(try #require(minted.last))))
        #expect(session.session.user?.id == customer)
        #expect(session.actor?.userID == support)
        let token = try await device.sessionToken()
        #expect(token.actor?.userID == support)
        let verified = try await Python.run(script, "verify", api, server.secretKey, token.jwt, server.baseURL.absoluteString)
        #expect(verified == "signed-in \(customer) \(support)")

        let spare = try await Python.run(script, "actor_token", api, server.secretKey, customer, support).split(separator: " ").map(String.init)
        #expect(try await Python.run(script, "revoke", api, server.secretKey, spare[1]) == "revoked")
        let refused = await #expect(throws: ClerkError.self) {
            _ = try await ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL)).signIn(ticket: try Ticket(SecretString(spare[2])))
        }
        #expect(refused?.code == .actorTokenRevokedCode)
    }
}

import Clerk
import ClerkPassword
import ClerkTicket
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Clerk's own Python backend SDK (`clerk-backend-api`) against the local server over a real
/// socket: it creates a user, the Swift SDK signs that user in, the Python SDK verifies the session
/// token with `authenticate_request` and revokes the session, and the Swift SDK notices.
@Suite("Interoperability: clerk-backend-api", .enabled(TestTools.missing("Python's clerk-backend-api")) { TestTools.pythonImports("clerk_backend_api") })
struct ClerkBackendSDKInteropTests {
    static let password = "vivid-otter-glides-42"

    /// `authenticate_request` fetches keys from api.clerk.com when given only a secret key, so the
    /// script reads the JWKS through the SDK (pointed at the server) and passes the PEM as `jwt_key`.
    static let script = """
        import sys, json, httpx
        from clerk_backend_api import Clerk
        from clerk_backend_api.security.types import AuthenticateRequestOptions, AuthStatus
        from jwt.algorithms import RSAAlgorithm
        from cryptography.hazmat.primitives import serialization
        action, url, key = sys.argv[1], sys.argv[2], sys.argv[3]
        # A generous timeout: on a busy machine a retried create would find its own user already there.
        sdk = Clerk(bearer_auth=key, server_url=url, timeout_ms=120000)
        if action == "create":
            user = sdk.users.create(email_address=[sys.argv[4]], password=sys.argv[5])
            print(user.id)
        elif action == "verify":
            jwk = sdk.jwks.get_jwks().keys[0].model_dump(exclude_none=True, by_alias=True)
            pem = RSAAlgorithm.from_jwk(json.dumps(jwk)).public_bytes(
                serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
            request = httpx.Request("GET", "http://backend.test/", headers={"Authorization": "Bearer " + sys.argv[4]})
            state = sdk.authenticate_request(request, AuthenticateRequestOptions(jwt_key=pem, authorized_parties=[sys.argv[5]], clock_skew_in_ms=600000))
            print(state.status.value, state.payload["sub"] if state.payload else state.reason)
        elif action == "sign_in_token":
            token = sdk.sign_in_tokens.create(request={"user_id": sys.argv[4], "expires_in_seconds": 600})
            print(token.status.value, token.token)
        elif action == "revoke_sign_in_token":
            print(sdk.sign_in_tokens.revoke(sign_in_token_id=sys.argv[4]).status.value)
        elif action == "invite":
            invitation = sdk.invitations.create(request={"email_address": sys.argv[4], "redirect_url": sys.argv[5], "public_metadata": {"plan": "team"}})
            print(invitation.status.value, invitation.url)
        elif action == "invitations":
            print(" ".join(invitation.email_address for invitation in sdk.invitations.list(status=sys.argv[4])))
        elif action == "waitlist_invite":
            entry = sdk.waitlist_entries.list(query=sys.argv[4], status="pending").data[0]
            invited = sdk.waitlist_entries.invite(waitlist_entry_id=entry.id)
            print(invited.status.value, invited.invitation.status.value)
        elif action == "waitlist":
            print(" ".join(entry.status.value for entry in sdk.waitlist_entries.list(query=sys.argv[4]).data))
        elif action == "revoke":
            sessions = sdk.sessions.list(user_id=sys.argv[4], status="active")
            for session in sessions:
                print(sdk.sessions.revoke(session_id=session.id).status.value)
        """

    @Test("Created and revoked by clerk-backend-api, signed in by the Swift SDK, verified by authenticate_request")
    func pythonBackendSDK() async throws {
        try await Self.withServer(.emailPassword) { server in try await Self.run(against: server) }
    }

    @Test("A sign-in token minted by clerk-backend-api signs the Swift SDK in once, as a ticket")
    func pythonSignInToken() async throws {
        try await Self.withServer(.emailPassword) { server in
            let api = server.backendAPIURL.absoluteString
            let email = "py-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let userID = try await Python.run(Self.script, "create", api, server.secretKey, email, Self.password)
            let minted = try await Python.run(Self.script, "sign_in_token", api, server.secretKey, userID).split(separator: " ")
            #expect(minted.first == "pending")
            let ticket = try Ticket(SecretString(String(try #require(minted.last))))
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let session = try await FlowDriver(client: device, registry: try FactorRegistry([])) { _ in .startOver }.signIn(ticket: ticket)
            #expect(session.session.user?.id == userID)
            let again = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            await #expect(throws: ClerkError.self) { _ = try await again.signIn(ticket: ticket) }
        }
    }

    @Test("An invitation created by clerk-backend-api is accepted by the Swift SDK from its link, then listed as accepted")
    func pythonInvitation() async throws {
        try await Self.withServer(.invitations) { server in
            let api = server.backendAPIURL.absoluteString
            let email = "py-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let created = try await Python.run(Self.script, "invite", api, server.secretKey, email, "clerk-local://invitation")
            #expect(created.hasPrefix("pending clerk-local://invitation?__clerk_ticket="))
            let link = try #require(server.outbox(to: email).last?.link.flatMap(URL.init(string:)))
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            let driver = FlowDriver(client: device, registry: try FactorRegistry([TicketStrategy()])) { _ in .startOver }
            let session = try await driver.accept(try Ticket(url: link), details: SignUpDetails(password: SecretString(Self.password)))
            #expect(session.session.user?.emailAddresses.first?.emailAddress == email)
            #expect(session.session.user?.publicMetadata == .object(["plan": "team"]))
            #expect(try await Python.run(Self.script, "invitations", api, server.secretKey, "accepted") == email)
        }
    }

    @Test("A waitlist entry the Swift SDK joined is listed and invited by clerk-backend-api; the invitation signs up and completes it")
    func pythonWaitlist() async throws {
        try await Self.withServer(.invitations, adjust: { $0.signUpMode = .waitlist }) { server in
            let api = server.backendAPIURL.absoluteString
            let email = "py-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
            try await device.joinWaitlist(emailAddress: email)
            #expect(try await Python.run(Self.script, "waitlist_invite", api, server.secretKey, email) == "invited pending")
            let link = try #require(server.outbox(to: email).last?.link.flatMap(URL.init(string:)))
            let driver = FlowDriver(client: device, registry: try FactorRegistry([TicketStrategy()])) { _ in .startOver }
            _ = try await driver.accept(try Ticket(url: link), details: SignUpDetails(password: SecretString(Self.password)))
            #expect(try await Python.run(Self.script, "waitlist", api, server.secretKey, email) == "completed")
        }
    }

    /// A server on a real socket with `preset`'s settings and Client Trust off, for `body`; shut down after.
    static func withServer(
        _ preset: SettingsPreset, adjust: (inout InstanceSettings) -> Void = { _ in }, _ body: (RunningServer) async throws -> Void
    ) async throws {
        var settings = preset.settings
        settings.clientTrust = false
        adjust(&settings)
        let server = try await LocalFrontendAPI.start(settings: settings)
        do {
            try await body(server)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    private static func run(against server: RunningServer) async throws {
        let api = server.backendAPIURL.absoluteString
        let email = "py-\(UUID().uuidString.prefix(8).lowercased())@example.com"

        let userID = try await Python.run(script, "create", api, server.secretKey, email, password)
        #expect(userID.hasPrefix("user_"))

        let device = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: server.baseURL))
        let driver = FlowDriver(client: device, registry: try FactorRegistry([PasswordStrategy()])) { question -> FlowAnswer in
            switch question {
            case .identifier: .identifier(email)
            case .password: .password(SecretString(password))
            default: .startOver
            }
        }
        let session = try await driver.signIn()
        let events = device.authEvents()
        let token = try await device.sessionToken().jwt

        let verified = try await Python.run(script, "verify", api, server.secretKey, token, server.baseURL.absoluteString)
        #expect(verified == "signed-in \(userID)")

        let revoked = try await Python.run(script, "revoke", api, server.secretKey, userID)
        #expect(revoked == "revoked")

        await #expect(throws: ClerkError.self) { try await device.sessionToken(skipCache: true) }
        var notice: AuthEvent?
        for await event in events {
            if case .sessionRevoked = event {
                notice = event
                break
            }
        }
        guard case .sessionRevoked(let revokedID, _)? = notice else {
            Issue.record("the Swift SDK reported no revocation")
            return
        }
        #expect(revokedID == session.id)
        #expect(await device.activeSession == nil)
    }
}

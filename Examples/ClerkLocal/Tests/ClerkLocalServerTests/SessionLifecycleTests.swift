import Clerk
import ClerkAPI
import ClerkPassword
import ClerkTesting
import Foundation
import JWTKit
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The SDK against the local server over real HTTP: what an app sees across launches, token
/// expiry, revocation and several sessions. Requests are counted at the server, from its log.
@Suite("Session lifecycle: the SDK against the local server")
struct SessionLifecycleTests {
    static let password = "vivid-otter-glides-42"

    /// A listening server sharing `clock` with the SDK clients, logging each request it answers.
    final class LoggedServer: Sendable {
        let server: RunningServer
        let clock: ClerkTesting.ManualClock
        private let lines: NIOLockedValueBox<[String]>

        init(settings: InstanceSettings) async throws {
            let lines = NIOLockedValueBox<[String]>([])
            let clock = ClerkTesting.ManualClock(now: Date())
            server = try await LocalFrontendAPI.start(
                settings: settings, now: { clock.now() }, logger: Logger(label: "test") { _ in LineCollector(lines: lines) },
                options: ListeningOptions(logsRequests: true))
            self.lines = lines
            self.clock = clock
        }

        /// Token requests the server answered.
        func tokenRequests(template: String? = nil) -> Int {
            lines.withLockedValue { lines in
                lines.filter { $0.hasPrefix("POST /v1/client/sessions/") && $0.contains(template.map { "/tokens/\($0) " } ?? "/tokens ") }.count
            }
        }

        func device(tokenFile: URL? = nil) -> ClerkClient {
            ClerkClient(
                configuration: try! ClerkConfiguration(frontendAPIURL: server.baseURL),
                options: .init(
                    tokenStore: tokenFile.map { FileTokenStore(fileURL: $0) as any TokenStore } ?? InMemoryTokenStore(), sleeper: clock, clock: clock))
        }

        func seed(_ email: String) async throws {
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: SessionLifecycleTests.password))
        }

        func signIn(_ device: ClerkClient, _ email: String) async throws -> ActiveSession {
            let driver = FlowDriver(client: device, registry: try FactorRegistry([PasswordStrategy()])) { question -> FlowAnswer in
                switch question {
                case .identifier: .identifier(email)
                case .password: .password(SecretString(SessionLifecycleTests.password))
                default: .startOver
                }
            }
            return try await driver.signIn()
        }
    }

    static func settings(multiSession: Bool = false, templates: [JWTTemplate] = []) -> InstanceSettings {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        settings.singleSessionMode = !multiSession
        settings.jwtTemplates = templates
        return settings
    }

    @Test("A relaunched app (a new client, the same token file) restores the session")
    func relaunch() async throws {
        let server = try await LoggedServer(settings: Self.settings())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relaunch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("token")
        try await server.seed("jane@example.com")
        let session = try await server.signIn(server.device(tokenFile: file), "jane@example.com")

        let relaunched = server.device(tokenFile: file)
        let restored = try await relaunched.restore()
        #expect(restored.isSignedIn)
        #expect(restored.session?.id == session.id)
        #expect(await relaunched.activeSession?.id == session.id)
        let freshInstall = try await server.device(tokenFile: folder.appendingPathComponent("other")).restore()
        #expect(!freshInstall.isSignedIn)
        await server.server.shutdown()
    }

    @Test("Tokens are cached until shortly before expiry, and concurrent callers share one request")
    func caching() async throws {
        let server = try await LoggedServer(settings: Self.settings())
        try await server.seed("jane@example.com")
        let device = server.device()
        _ = try await server.signIn(device, "jane@example.com")
        // The sign-in's client state carried the first token (`last_active_token`).
        for _ in 0..<50 { _ = try await device.sessionToken() }
        #expect(server.tokenRequests() == 0)
        server.clock.advance(by: .seconds(45))
        _ = try await device.sessionToken()
        #expect(server.tokenRequests() == 0)
        server.clock.advance(by: .seconds(6))  // 9 s left: inside the 10 s refresh leeway
        _ = try await device.sessionToken()
        #expect(server.tokenRequests() == 1)

        await device.clearSessionTokens()
        try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<25 { group.addTask { try await device.sessionToken().jwt } }
            var tokens: Set<String> = []
            for try await jwt in group { tokens.insert(jwt) }
            #expect(tokens.count == 1)
        }
        #expect(server.tokenRequests() == 2)
        await server.server.shutdown()
    }

    @Test("A template token: its claims and lifetime verified with the JWKS, cached apart from the session token")
    func templates() async throws {
        let template = JWTTemplate(
            name: "backend", lifetimeSeconds: 600, claims: ["email": .string("{{user.primary_email_address}}"), "role": .string("reader")])
        let server = try await LoggedServer(settings: Self.settings(templates: [template]))
        try await server.seed("jane@example.com")
        let device = server.device()
        let session = try await server.signIn(device, "jane@example.com")
        let token = try await device.sessionToken(template: "backend")
        let keys = try await JWTKeyCollection().add(jwksJSON: String(decoding: try server.server.jwksJSON(), as: UTF8.self))
        let claims = try await keys.verify(token.jwt, as: TemplateClaims.self)
        #expect(claims.custom == ["email": .string("jane@example.com"), "role": .string("reader")])
        #expect(claims.exp - claims.iat == 600)
        #expect(claims.sub == session.session.user?.id)
        #expect(abs((token.expiresAt?.timeIntervalSince1970 ?? 0) - TimeInterval(claims.exp)) <= 1)
        _ = try await device.sessionToken(template: "backend")
        _ = try await device.sessionToken()
        #expect(server.tokenRequests(template: "backend") == 1)
        #expect(server.tokenRequests() == 0, "the sign-in carried the session token")
        await server.server.shutdown()
    }

    @Test("A session revoked through the admin API: the SDK is told by an event and drops the session")
    func adminRevocation() async throws {
        let server = try await LoggedServer(settings: Self.settings())
        try await server.seed("jane@example.com")
        let device = server.device()
        let session = try await server.signIn(device, "jane@example.com")
        let events = device.authEvents()
        _ = try await device.sessionToken()

        var request = URLRequest(url: server.server.baseURL.appendingPathComponent("__local/admin/sessions/\(session.id)/revoke"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("{}".utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)

        await #expect(throws: ClerkError.self) { try await device.sessionToken(skipCache: true) }
        var revoked: AuthEvent?
        for await event in events {
            if case .sessionRevoked = event {
                revoked = event
                break
            }
        }
        #expect(revoked == .sessionRevoked(sessionID: session.id, reason: .refused(code: .authenticationInvalid, httpStatus: 401)))
        #expect(await device.activeSession == nil)
        #expect(await device.cachedSessionToken(for: SessionTokenKey(sessionID: session.id)) == nil)
        await server.server.shutdown()
    }

    @Test("A relaunch after revocation restores nothing: the client no longer lists the session")
    func revokedWhileAway() async throws {
        let server = try await LoggedServer(settings: Self.settings())
        try await server.seed("jane@example.com")
        let device = server.device()
        let session = try await server.signIn(device, "jane@example.com")
        _ = try await server.server.revokeSession(session.id)
        let restored = try await device.restore()
        #expect(!restored.isSignedIn)
        #expect(await device.signedInSessions.isEmpty)
        await server.server.shutdown()
    }

    @Test("Several sessions on one device: switching changes the token's sid; another device revokes one; sign out of all")
    func multiSession() async throws {
        let server = try await LoggedServer(settings: Self.settings(multiSession: true))
        try await server.seed("jane@example.com")
        try await server.seed("john@example.com")
        let laptop = server.device()
        let jane = try await server.signIn(laptop, "jane@example.com")
        let john = try await server.signIn(laptop, "john@example.com")
        #expect(await laptop.signedInSessions.map(\.id) == [jane.id, john.id])
        #expect(await laptop.activeSession?.id == john.id)
        let keys = try await JWTKeyCollection().add(jwksJSON: String(decoding: try server.server.jwksJSON(), as: UTF8.self))

        try await laptop.switchSession(to: jane.id)
        #expect(try await keys.verify(laptop.sessionToken().jwt, as: SessionClaims.self).sid == jane.id)
        try await laptop.switchSession(to: john.id)
        #expect(try await keys.verify(laptop.sessionToken().jwt, as: SessionClaims.self).sid == john.id)

        // John on his phone sees both his devices and signs the laptop out.
        let phone = server.device()
        let johnPhone = try await server.signIn(phone, "john@example.com")
        let sessions = try await phone.activeSessionsOfUser()
        #expect(Set(sessions.map(\.id)) == [john.id, johnPhone.id])
        try await phone.revokeSession(john.id)
        let events = laptop.authEvents()
        await #expect(throws: ClerkError.self) { try await laptop.sessionToken(skipCache: true) }
        for await event in events {
            if case .sessionRevoked(let id, _) = event {
                #expect(id == john.id)
                break
            }
        }
        #expect(await laptop.signedInSessions.map(\.id) == [jane.id])

        try await laptop.signOutOfAllSessions()
        #expect(await laptop.signedInSessions.isEmpty)
        #expect(try await laptop.restore().client != nil)  // the client stays
        #expect(await server.server.sessions().first { $0.id == jane.id }?.status == .removed)
        await server.server.shutdown()
    }

    @Test("Single-session mode: a second sign-in on a signed-in device is refused with session_exists")
    func singleSession() async throws {
        let server = try await LoggedServer(settings: Self.settings())
        try await server.seed("jane@example.com")
        try await server.seed("john@example.com")
        let device = server.device()
        _ = try await server.signIn(device, "jane@example.com")
        await #expect { try await server.signIn(device, "john@example.com") } throws: { error in
            (error as? ClerkError)?.hasCode(.sessionExists) == true
        }
        await server.server.shutdown()
    }
}

/// Keeps each log line the server writes (with the event's metadata as `key=value` fields when
/// `withMetadata`).
struct LineCollector: LogHandler {
    let lines: NIOLockedValueBox<[String]>
    var withMetadata = false
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let fields = withMetadata ? (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } : []
        lines.withLockedValue { $0.append(([event.message.description] + fields).joined(separator: " ")) }
    }
}

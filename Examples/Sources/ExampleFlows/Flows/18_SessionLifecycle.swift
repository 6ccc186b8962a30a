import Clerk
import ClerkPassword
import Foundation

// Flow 18 — Sessions that stay signed in. The client token is kept in a file, so a relaunched
// app restores the session; the backend is called many times on one cached session token; a
// background refresh renews the token before each expiry (on the embedded server time moves on an
// injected clock; elsewhere the flow waits for the instance's own token lifetime, 20 seconds in
// its printed settings); a session revoked on the server (through the Backend API elsewhere) ends
// in the app with an event; and signing out of every session on the device keeps the device known.
extension ExampleFlow {
    static let sophie = Persona(name: "Sophie", emailAddress: "sophie.wilson@example.com", password: "acorn-risc-machine-1985", account: .plain)
    static let lynn = Persona(name: "Lynn", emailAddress: "lynn.conway@example.com", password: "very-large-scale-integration", account: .plain)

    public static let sessionLifecycle = ExampleFlow(
        number: 18, name: "session-lifecycle", title: "Session lifecycle: restore, cached tokens, refresh, revocation, sign out of all",
        guide: .multiSessionApplications, preset: .emailPassword,
        adjust: {
            $0.clientTrust = false
            $0.singleSessionMode = false  // several accounts signed in on one device
            $0.sessions.tokenLifetimeSeconds = 20  // short, for a separate instance where the flow waits for real
        },
        people: [sophie, lynn], movesTime: true,
        needs: [.firstFactor(.password), .secretKey(purpose: "revoke a session, as a backend does")]
    ) { app in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-session-lifecycle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokenFile = folder.appendingPathComponent("client-token")
        let registry = try FactorRegistry([PasswordStrategy()])

        app.phase("Sophie signs in; the app keeps the client token in a file")
        let firstLaunch = app.newDevice(tokenStore: FileTokenStore(fileURL: tokenFile))
        let session = try await FlowDriver(
            client: firstLaunch, registry: registry, answers: app.answers(for: sophie), onEvent: app.events
        ).signIn()
        app.signedIn(session)

        app.phase("The app is relaunched: a new client reads the token file and restores the session")
        let laptop = app.newDevice(tokenStore: FileTokenStore(fileURL: tokenFile))
        let restored = try await laptop.restore()
        try app.check(restored.session?.id == session.id, "the relaunched app restored the same session")
        let events = laptop.authEvents()

        app.phase("The app calls its backend 10 times on the token the restored client state carried")
        var before = app.counter.total
        for _ in 0..<10 { try await app.callBackend(from: laptop) }
        try app.check(app.counter.total == before, "10 backend calls took no token request")

        app.phase("Two token lifetimes pass; the background refresh renews the token before each expiry")
        before = app.counter.total
        await laptop.startTokenRefresh()
        try await twoRefreshes(of: laptop, app: app)
        await laptop.stopTokenRefresh()
        try app.check(app.counter.total - before == 2, "the refresh fetched one token per token lifetime")
        before = app.counter.total
        try await app.callBackend(from: laptop)
        try app.check(app.counter.total == before, "the backend call after the refresh needed no request")

        app.phase("Sophie's session is revoked on the server (as from the dashboard); the app is told")
        try await app.revokeSession(session.id)
        app.note("the server revoked \(session.id); its token stays valid until it expires, as any JWT does")
        do {
            _ = try await laptop.sessionToken(skipCache: true)
            try app.check(false, "a revoked session gets no new token")
        } catch {
            app.note("the token request was refused: \(error)")
        }
        for await event in events {
            if case .sessionRevoked(let id, let reason) = event {
                try app.check(id == session.id, "the app received sessionRevoked (\(reason.description))")
                break
            }
        }
        try app.check(await laptop.activeSession == nil, "the app shows Sophie signed out")

        app.phase("Sophie and Lynn both sign in on the laptop, switch, then sign out of all sessions")
        let sophieAgain = try await FlowDriver(
            client: laptop, registry: registry, answers: app.answers(for: sophie), onEvent: app.events
        ).signIn()
        let lynnSession = try await FlowDriver(
            client: laptop, registry: registry, answers: app.answers(for: lynn), onEvent: app.events
        ).signIn()
        try app.check(await laptop.signedInSessions.count == 2, "two sessions are signed in on one device")
        try await laptop.switchSession(to: sophieAgain.id)
        try app.check((try await app.callBackend(from: laptop)).sessionID == sophieAgain.id, "after the switch the token is Sophie's")
        try await laptop.switchSession(to: lynnSession.id)
        try app.check((try await app.callBackend(from: laptop)).sessionID == lynnSession.id, "after the switch back the token is Lynn's")
        try await laptop.signOutOfAllSessions()
        try app.check(await laptop.signedInSessions.isEmpty, "no session is signed in after signing out of all")
        try app.check(try FileTokenStore(fileURL: tokenFile).loadToken() != nil, "the device keeps its client token (it stays known)")
    }

    /// Lets the background refresh renew the token twice: on the embedded server by moving the shared
    /// clock to each refresh's deadline, elsewhere by waiting for the refreshes as they happen.
    static func twoRefreshes(of device: ClerkClient, app: ExampleApp) async throws {
        if let clock = app.manualClock {
            await clock.waitForSleepers(1)
            for _ in 0..<2 {
                clock.advanceToNextDeadline()
                await clock.waitForSleepers(1)
            }
            return
        }
        let events = device.authEvents()
        let waited = Date()
        let refreshed = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                var count = 0
                for await event in events {
                    if case .tokenRefreshed = event { count += 1 }
                    if count == 2 { break }
                }
                return count
            }
            group.addTask {
                // Two lifetimes of Clerk's default 60-second tokens, and some.
                try await Task.sleep(for: .seconds(150))
                return 0
            }
            let first = try await group.next() ?? 0
            group.cancelAll()
            return first
        }
        try app.check(refreshed == 2, "two refreshes came within two token lifetimes")
        app.note(String(format: "two refreshes took %.0f s of real time", Date().timeIntervalSince(waited)))
    }
}

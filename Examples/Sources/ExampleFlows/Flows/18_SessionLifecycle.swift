import Clerk
import ClerkPassword
import Foundation

// Flow 18 — Sessions that stay signed in. The client token is kept in a file, so a relaunched
// app restores the session; the backend is called many times on one cached session token; a
// background refresh renews the token before each expiry (two minutes pass on an injected
// clock); a session revoked on the server ends in the app with an event; and signing out of
// every session on the device keeps the device known.
extension ExampleFlow {
    static let sophie = Persona(name: "Sophie", emailAddress: "sophie.wilson@example.com", password: "acorn-risc-machine-1985", account: .plain)
    static let lynn = Persona(name: "Lynn", emailAddress: "lynn.conway@example.com", password: "very-large-scale-integration", account: .plain)

    public static let sessionLifecycle = ExampleFlow(
        number: 18, name: "session-lifecycle", title: "Session lifecycle: restore, cached tokens, refresh, revocation, sign out of all",
        guide: .emailPassword, preset: .emailPassword,
        adjust: {
            $0.clientTrust = false
            $0.singleSessionMode = false  // several accounts signed in on one device
        },
        people: [sophie, lynn], movesTime: true
    ) { app in
        guard let clock = app.manualClock, let server = app.server else {
            throw ExampleFailure("this flow moves time and revokes a session on the server: run it against the embedded server")
        }
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

        app.phase("The app calls its backend 10 times: one token request, then the cached token")
        var before = app.counter.total
        for _ in 0..<10 { try await app.callBackend(from: laptop) }
        try app.check(app.counter.total - before == 1, "10 backend calls took 1 token request")

        app.phase("Two minutes pass (injected clock); the background refresh renews the token before each expiry")
        before = app.counter.total
        await laptop.startTokenRefresh()
        await clock.waitForSleepers(1)
        for _ in 0..<2 {
            clock.advanceToNextDeadline()
            await clock.waitForSleepers(1)
        }
        await laptop.stopTokenRefresh()
        try app.check(app.counter.total - before == 2, "the refresh fetched one token per token lifetime")
        before = app.counter.total
        try await app.callBackend(from: laptop)
        try app.check(app.counter.total == before, "the backend call after the refresh needed no request")

        app.phase("Sophie's session is revoked on the server (as from the dashboard); the app is told")
        _ = try await server.revokeSession(session.id)
        app.note("the server revoked \(session.id); its token stays valid until it expires, as any JWT does")
        clock.advance(by: .seconds(60))
        do {
            _ = try await laptop.sessionToken()
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
}

import Clerk
import ClerkPassword

// Flow 33 — "Build a custom multi-session flow". On an instance that lets several accounts be signed
// in at once, Karen signs in, then Leslie adds his account on the same device (his session becomes
// the active one). Karen switches back to hers, and signs Leslie's out: hers stays active.
extension ExampleFlow {
    static let karen = Persona(name: "Karen", emailAddress: "karen.sparck-jones@example.com", password: "inverse-document-1972", account: .plain)
    static let leslie = Persona(name: "Leslie", emailAddress: "leslie.lamport@example.com", password: "paxos-part-time-1998", account: .plain)

    public static let multiSession = ExampleFlow(
        number: 33, name: "multi-session", title: "Multi-session: two accounts on one device, switch, sign out of one",
        guide: .multiSessionApplications, preset: .emailPassword,
        adjust: {
            $0.clientTrust = false
            $0.singleSessionMode = false
        },
        people: [karen, leslie], needs: [.firstFactor(.password), .multiSession]
    ) { app in
        let device = app.newDevice()
        let registry = try FactorRegistry([PasswordStrategy()])

        app.phase("Karen signs in; then Leslie adds his account on the same device")
        let karens = try await FlowDriver(client: device, registry: registry, answers: app.answers(for: karen), onEvent: app.events).signIn()
        app.signedIn(karens)
        let lesliesSession = try await FlowDriver(client: device, registry: registry, answers: app.answers(for: leslie), onEvent: app.events).signIn()
        app.signedIn(lesliesSession)
        try app.check(await device.signedInSessions.map(\.id).contains(karens.id), "Karen's session stayed signed in")
        try app.check(await device.activeSession?.id == lesliesSession.id, "the newest session is the active one")

        app.phase("Karen switches back to her account, then signs Leslie's out")
        try await device.switchSession(to: karens.id)
        try app.check(await device.activeSession?.id == karens.id, "Karen's session is active again")
        try await device.signOut(sessionID: lesliesSession.id)
        try app.check(await device.signedInSessions.map(\.id) == [karens.id], "only Karen's session is left on the device")
        try app.check(await device.activeSession?.id == karens.id, "signing Leslie out left Karen's session active")
    }
}

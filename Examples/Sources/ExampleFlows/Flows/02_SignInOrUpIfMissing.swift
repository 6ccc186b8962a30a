import Clerk
import ClerkTransfer

// Flow 2 — "Build a custom sign-in-or-up flow", with signUpIfMissing.
// Only an email address: a code is sent whether or not an account exists, so nothing is
// revealed before the code is verified. Then an unknown address is transferred to a sign-up
// (finished with the missing requirements, here legal acceptance) and a known one is signed in.
extension ExampleFlow {
    static let grace = Persona(name: "Grace", emailAddress: "grace.hopper@example.com")
    static let katherine = Persona(name: "Katherine", emailAddress: "katherine.johnson@example.com", account: .plain)

    public static let signInOrUpIfMissing = ExampleFlow(
        number: 2, name: "sign-in-or-up-if-missing", title: "Sign-in-or-up with signUpIfMissing (email code)",
        guide: .signInOrUp, preset: .signInOrUp, people: [grace, katherine]
    ) { app in
        let registry = try FactorRegistry([SignUpIfMissingStrategy(.emailCode)])

        app.phase("Grace has no account: she types her email address, then the code she receives")
        var mark = app.transcript.mark
        let newcomer = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: grace), onEvent: app.events)
        app.signedIn(try await newcomer.signIn())
        var steps = app.transcript.events(since: mark)
        try app.check(steps.contains(.transferringToSignUp), "the verified unknown address was transferred to a sign-up")
        try app.check(steps.contains(.fieldsSupplied([.legalAccepted])), "the missing requirement (legal acceptance) was collected")

        app.phase("Katherine has an account: she does exactly the same")
        mark = app.transcript.mark
        let member = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: katherine), onEvent: app.events)
        app.signedIn(try await member.signIn())
        steps = app.transcript.events(since: mark)
        try app.check(!steps.contains(.transferringToSignUp), "the known address was signed in, not signed up")
    }
}

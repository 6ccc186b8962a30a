import Clerk
import ClerkEmailCode

// Flow 30 — "Build a custom sign-up flow with legal acceptance". The instance requires every new user
// to accept its Terms of Service and Privacy Policy. Emmy's sign-up form has the box, and she ticks
// it: the sign-up is created with `legal_accepted` and her address and password, her address is
// verified with the emailed code, and her account records when she accepted.
extension ExampleFlow {
    static let emmy = Persona(name: "Emmy", emailAddress: "emmy.noether@example.com", password: "symmetry-conservation-1918")

    public static let legalAcceptance = ExampleFlow(
        number: 30, name: "legal-acceptance", title: "Sign-up with the terms accepted (legal_accepted), email code verification",
        guide: .legalAcceptance, preset: .emailPassword, adjust: { $0.legalConsentRequired = true }, people: [emmy],
        needs: [.legalConsent]
    ) { app in
        let registry = try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: emmy), onEvent: app.events)

        app.phase("Emmy fills in the sign-up form and ticks \"I agree to the Terms of Service and Privacy Policy\"")
        let person = app.person(emmy)
        var form = person.signUpDetails
        form.legalAccepted = person.acceptsTerms
        let session = try await driver.signUp(form)
        app.signedIn(session)
        try app.check(
            !app.transcript.allEvents.contains { if case .fieldsSupplied = $0 { true } else { false } },
            "the terms went with the sign-up's creation: no update had to supply them")
        try app.check(session.session.user?.legalAcceptedAt != nil, "her account records when she accepted the terms")
    }
}

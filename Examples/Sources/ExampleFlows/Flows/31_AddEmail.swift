import Clerk
import ClerkPassword

// Flow 31 — "Build a custom flow for adding an email address to an account". Signed in, Marie adds
// her lab address: it is added unverified, a code is emailed to it, and the code she reads there
// verifies it. Three account requests (`/v1/me/email_addresses`), after the sign-in.
extension ExampleFlow {
    static let marie = Persona(name: "Marie", emailAddress: "marie.curie@example.com", password: "polonium-radium-1898", account: .plain)
    /// The address Marie adds, as its own mailbox: the code is read there.
    static let marieAtTheLab = Persona(name: "Marie at the lab", emailAddress: "marie.curie@lab.example.com")

    public static let addEmail = ExampleFlow(
        number: 31, name: "add-email", title: "Add an email address to the account, verified with an emailed code",
        guide: .addEmail, preset: .emailPassword, adjust: { $0.clientTrust = false }, people: [marie, marieAtTheLab],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = app.newDevice()

        app.phase("Marie signs in with her password")
        app.signedIn(
            try await FlowDriver(
                client: device, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: marie), onEvent: app.events
            ).signIn())
        let account = try await device.account()

        app.phase("Marie adds her lab address; the code emailed to it verifies it")
        guard let newAddress = app.person(marieAtTheLab).emailAddress else { throw ExampleFailure("the lab address is missing") }
        let added = try await account.addEmailAddress(newAddress)
        try app.check(added.verification?.status != .verified, "the address was added unverified")
        try await account.sendEmailCode(to: added.id)
        let verified = try await enterCode(
            // The stage that verifies an identifier; the code is read in the new mailbox.
            CodePrompt(stage: .signUpVerification, strategy: .emailCode, sentTo: newAddress), app.answers(for: marieAtTheLab)
        ) { code in
            try await account.verifyEmailAddress(added.id, code: code)
        }
        try app.check(verified.verification?.status == .verified, "the code verified the new address")
        let addresses = await account.cachedUser()?.emailAddresses.map(\.emailAddress) ?? []
        try app.check(addresses.contains(newAddress), "the account lists both addresses (no extra request: the answers carried the client)")
    }
}

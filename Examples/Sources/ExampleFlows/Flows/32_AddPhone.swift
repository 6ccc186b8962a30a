import Clerk
import ClerkLocalServer
import ClerkPassword
import ClerkPhoneCode

// Flow 32 — "Build a custom flow for adding a phone number to an account". Signed in, Mae adds her
// phone number: it is added unverified, a code is texted to it, and the code she reads verifies it.
// Three account requests (`/v1/me/phone_numbers`), after the sign-in.
extension ExampleFlow {
    static let mae = Persona(
        name: "Mae", emailAddress: "mae.jemison@example.com", phoneNumber: "+14155557261", password: "endeavour-sts-47-1992",
        account: .init(phoneNumberOnAccount: false))

    public static let addPhone = ExampleFlow(
        number: 32, name: "add-phone", title: "Add a phone number to the account, verified with a texted code",
        guide: .addPhone, preset: .emailPassword,
        adjust: {
            $0.clientTrust = false
            // Phone numbers may be added to an account; they are not needed to sign up or sign in.
            $0.phoneNumber = IdentifierSettings(enabled: true, required: false, usedForSignIn: false, codeSignIn: false, verifyAtSignUp: true)
        },
        people: [mae], needs: [.firstFactor(.password)]
    ) { app in
        let device = app.newDevice()

        app.phase("Mae signs in with her password")
        app.signedIn(
            try await FlowDriver(
                client: device, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: mae), onEvent: app.events
            ).signIn())
        let account = try await device.account()

        app.phase("Mae adds her phone number; the code texted to it verifies it")
        // As this run knows her: against a separate instance her number is new to it.
        guard let number = app.person(mae).phoneNumber else { throw ExampleFailure("Mae has no phone number") }
        let added = try await account.addPhoneNumber(number)
        try app.check(added.verification?.status != .verified, "the number was added unverified")
        try await account.sendPhoneCode(to: added.id)
        let verified = try await enterCode(CodePrompt(stage: .signUpVerification, strategy: .phoneCode, sentTo: number), app.answers(for: mae)) {
            code in
            try await account.verifyPhoneNumber(added.id, code: code)
        }
        try app.check(verified.verification?.status == .verified, "the code verified the number")
        let numbers = await account.cachedUser()?.phoneNumbers.map(\.phoneNumber) ?? []
        try app.check(numbers.contains(number), "the account lists the number (no extra request: the answers carried the client)")
    }
}

import Clerk
import ClerkPasskey
import ClerkPassword
import ClerkSoftwarePasskey

// Flow 28 — passkeys. Whitfield signs in with his password on his laptop and adds a passkey (the
// Frontend API's creation options, answered by the authenticator: `ClerkSoftwarePasskey`'s
// software authenticator, a P-256 key in memory, where an app on Apple platforms uses
// `PlatformPasskeyAuthenticator`). On his phone he signs in with the passkey alone: no identifier,
// no password, and no second factor. A replayed assertion, the phone's sent again to a new sign-in,
// is refused: it answers another challenge.
extension ExampleFlow {
    static let whitfield = Persona(name: "Whitfield", emailAddress: "whitfield.diffie@example.com", password: "key-exchange-1976", account: .plain)

    public static let passkeySignIn = ExampleFlow(
        number: 28, name: "passkey", title: "Passkey: enrolled after a password sign-in, then signing in alone; a replay refused",
        guide: .passkeys, preset: .passkeys, people: [whitfield],
        needs: [.firstFactor(.password), .firstFactor(.passkey)]
    ) { app in
        let authenticator = SoftwarePasskeyAuthenticator()
        let laptop = app.newDevice()

        app.phase("Whitfield signs in with his email address and password on his laptop")
        let driver = FlowDriver(
            client: laptop, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: whitfield), onEvent: app.events)
        let session = try await driver.signIn()
        app.signedIn(session)

        app.phase("He adds a passkey: the authenticator answers the creation options")
        let passkey = try await laptop.account(sessionID: session.session.id).createPasskey(using: authenticator)
        try app.check(passkey.verification?.status == .verified, "the passkey is registered")

        app.phase("On his phone he signs in with the passkey: no identifier, no password")
        let phone = FlowDriver(client: app.newDevice(), registry: FactorRegistry(), answers: app.answers(for: whitfield), onEvent: app.events)
        let signedIn = try await phone.signInWithPasskey(using: authenticator)
        app.signedIn(signedIn)
        try app.check(signedIn.session.user?.passkeys.first?.lastUsedAt != nil, "the passkey's last use is recorded")

        app.phase("Someone replays the phone's assertion to a new sign-in: refused")
        guard let replayed = authenticator.lastAssertion else { throw ExampleFailure("the authenticator wrote no assertion") }
        let stranger = try await app.newDevice().createSignIn(PasskeyStrategy().signInBody())
        let refusal = await replayRefusal(stranger, replayed)
        try app.check(refusal?.hasCode(.passkeyInvalidVerification) == true, "the replayed assertion was refused: it answers another challenge")
    }

    /// What the Frontend API answers `assertion` sent to `signIn`: nil when it accepts it.
    private static func replayRefusal(_ signIn: SignInHandle, _ assertion: String) async -> ClerkError? {
        do {
            _ = try await signIn.attemptFirstFactor(PasskeyStrategy().attemptFirstFactor(assertion: assertion))
            return nil
        } catch {
            return error
        }
    }
}

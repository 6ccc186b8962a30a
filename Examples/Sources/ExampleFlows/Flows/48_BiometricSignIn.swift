import Clerk
import ClerkClientTrust
import ClerkLocalServer
import ClerkPassword
import ClerkSoftwareTrustedDevice
import ClerkTrustedDevice

// Flow 48 — biometric sign-in (trusted devices). Yara signs in with her password on her phone's app, then
// enrols the phone: a device-bound P-256 key (here `ClerkSoftwareTrustedDevice`'s software key, where an app
// on Apple platforms uses `SecureEnclaveTrustedDeviceKeyStore` behind Face ID) signs the server's enrolment
// challenge. She signs out; the app checks the device is still trusted, and she signs in with it: the key
// signs the sign-in's challenge, no password and no second factor. Client data of another challenge is refused.
extension ExampleFlow {
    static let yara = Persona(name: "Yara", emailAddress: "yara.biometric@example.com", password: "face-unlock-key-2026", account: .plain)

    public static let biometricSignIn = ExampleFlow(
        number: 48, name: "biometric-sign-in", title: "Biometric sign-in: a trusted device enrolled after a password sign-in, then signing in alone",
        guide: .biometricSignIn, preset: .emailPassword, adjust: { $0.trustedDevices = TrustedDeviceSettings() }, people: [yara],
        needs: [.firstFactor(.password), .trustedDevices]
    ) { app in
        let keys = SoftwareTrustedDeviceKeyStore()
        let phone = app.newDevice()
        var registry = try FactorRegistry([PasswordStrategy()])
        try registry.registerClientTrust()
        let driver = FlowDriver(client: phone, registry: registry, answers: app.answers(for: yara), onEvent: app.events)

        app.phase("Yara signs in with her email address and password on her new phone (and a code: Client Trust)")
        let session = try await driver.signIn()
        app.signedIn(session)

        app.phase("She enrols the phone: its key signs the enrolment challenge")
        let before = app.counter.total
        let account = try await phone.account(sessionID: session.session.id)
        let device = try await account.enrollTrustedDevice(using: keys, appIdentifier: "com.example.yara", name: "Yara's phone")
        try app.check(device.status == .active && app.counter.total - before == 2, "prepare, attempt: the device is trusted")
        try app.check(try await account.trustedDevices().map(\.id) == [device.id], "her account lists the phone")

        app.phase("She signs out; the app checks the phone may still sign her in")
        _ = try await phone.signOut(sessionID: session.session.id)
        try app.check(try await phone.validateTrustedDevice(using: keys), "the trusted device is valid")

        app.phase("She signs in with the trusted device: no identifier, no password")
        let signInStart = app.counter.total
        let signedIn = try await driver.signInWithTrustedDevice(using: keys)
        app.signedIn(signedIn)
        try app.check(app.counter.total - signInStart == 2, "create with the device, attempt with the signature")

        app.phase("A signature over client data that names another challenge is refused")
        guard let kept = try await keys.credential() else { throw ExampleFailure("the store kept no credential") }
        let stranger = try await app.newDevice().createSignIn(TrustedDeviceStrategy().signInBody(trustedDeviceID: kept.trustedDeviceID))
        let fresh = try TrustedDeviceStrategy().challenge(of: stranger.firstFactorVerification)
        let signature = try await keys.sign(fresh.clientData, keyID: kept.keyID, reason: "")
        let stale = fresh.clientData.replacingOccurrences(of: fresh.challengeID, with: "tdch_replayed")
        let refusal = await attemptRefusal(stranger, kept.trustedDeviceID, clientData: stale, signature: signature)
        try app.check(refusal?.hasCode(.trustedDeviceChallengeNotFound) == true, "client data of another challenge is refused")
    }

    /// What the Frontend API answers a trusted-device attempt: nil when it accepts it.
    private static func attemptRefusal(_ signIn: SignInHandle, _ deviceID: String, clientData: String, signature: String) async -> ClerkError? {
        do {
            _ = try await signIn.attemptFirstFactor(
                TrustedDeviceStrategy().attemptFirstFactor(trustedDeviceID: deviceID, clientData: clientData, signature: signature))
            return nil
        } catch {
            return error
        }
    }
}

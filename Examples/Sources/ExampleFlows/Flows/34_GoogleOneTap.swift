import Clerk
import ClerkIDToken

// Flow 34 — "Build a custom Google One Tap authentication flow". Google One Tap hands the app an ID
// token; the app signs in with it (`google_one_tap`). The first time no account has Fei-Fei's Google
// identity: the sign-in answers `external_account_not_found`, and the app signs her up with the same
// token, sending the terms she accepts with it, as the environment it read at launch requires (one
// request; the flow driver's own fallback would supply them with an update after). On another device
// a fresh token signs her in with one request.
extension ExampleFlow {
    static let feiFei = Persona(name: "Fei-Fei", emailAddress: "fei-fei.li@example.com", firstName: "Fei-Fei", lastName: "Li")
    static let feiFeiGoogleAccount = "108234567890.feifei.google"

    public static let googleOneTap = ExampleFlow(
        number: 34, name: "google-one-tap", title: "Google One Tap (ID token): a sign-up with the terms, then one request",
        guide: .googleOneTap, preset: .social, people: [feiFei]
    ) { app in
        app.phase("Fei-Fei taps her Google account in One Tap for the first time")
        var before = app.counter.total
        app.signedIn(try await continueWithGoogleOneTap(on: try await app.launchedDevice(), app: app))
        try app.check(app.counter.total - before == 2, "the sign-in, then the sign-up with the token and the terms: two requests")

        app.phase("On her laptop, One Tap again: signed in with one request")
        before = app.counter.total
        app.signedIn(try await continueWithGoogleOneTap(on: try await app.launchedDevice(), app: app))
        try app.check(app.counter.total - before == 1, "her Google identity was known: one request")
    }

    /// What the app does with the credential One Tap returns: signs in with it, else signs up with it.
    static func continueWithGoogleOneTap(on device: ClerkClient, app: ExampleApp) async throws -> ActiveSession {
        let answers = app.answers(for: feiFei)
        let driver = FlowDriver(client: device, registry: try FactorRegistry([IdentityTokenStrategy(.googleOneTap)]), answers: answers, onEvent: app.events)
        let credential = try await app.identityToken(.google, for: feiFei, subject: feiFeiGoogleAccount)
        let token = try IdentityToken(.googleOneTap, token: SecretString(credential))
        let signIn: SignInHandle
        do {
            signIn = try await device.signIn(with: token)
        } catch {
            guard error.hasCode(.externalAccountNotFound) else { throw error }
            app.note("no account has this Google identity: the app signs her up with the same token")
            return try await driver.signUp(with: token, details: try await termsIfRequired(on: device, answers: answers))
        }
        return try await driver.drive(signIn)
    }

    /// The terms the person accepts, when the environment the app read says every sign-up needs them.
    static func termsIfRequired(on device: ClerkClient, answers: any FlowAnswerProvider) async throws -> SignUpDetails {
        guard await device.knownEnvironment?.userSettings?.signUp?.legalConsentEnabled == true else { return SignUpDetails() }
        let answer = try await answers.answer(.missingFields([.legalAccepted]))
        guard case .details(let details) = answer else { throw ExampleFailure("expected the terms accepted, got \(answer)") }
        return details
    }
}

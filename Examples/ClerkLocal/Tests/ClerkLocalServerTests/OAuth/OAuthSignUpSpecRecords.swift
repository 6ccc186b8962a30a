import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of browser (OAuth) sign-ups, for the spec validation: the started sign-up with its
    /// provider URL, the reload that stops at `missing_requirements`, the update that completes it,
    /// a transferable verification (`external_account_exists`), the sign-in
    /// with `transfer` it leads to, and a denied one.
    static func oauthSignUpAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (started, url) = try await OAuthSignUpTests.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: Fixture.email("spec-oauth-signup"))
            _ = try await OAuthSignUpTests.returnToApp(device, started.id, back: back)
            try await device.send("PATCH", "/v1/client/sign_ups/\(started.id)", form: [("legal_accepted", "true")], operation: "updateSignUps")

            let known = server.client()
            let knownEmail = Fixture.email("spec-oauth-signup-known")
            _ = try await server.seedUser(SeedUser(emailAddress: knownEmail, password: Fixture.password))
            let (knownSignUp, knownURL) = try await OAuthSignUpTests.start(known, [("legal_accepted", "true")])
            let knownBack = try await OAuthBrowser.signInAtProvider(knownURL, on: server, as: knownEmail)
            _ = try await OAuthSignUpTests.returnToApp(known, knownSignUp.id, back: knownBack)
            try await known.signIn([("transfer", "true")])

            let denied = server.client()
            let (deniedSignUp, deniedURL) = try await OAuthSignUpTests.start(denied)
            let deniedBack = try await OAuthBrowser.signInAtProvider(deniedURL, on: server, as: nil)
            _ = try await OAuthSignUpTests.returnToApp(denied, deniedSignUp.id, back: deniedBack)
            return [device, known, denied].flatMap(\.recorded)
        }
    }
}

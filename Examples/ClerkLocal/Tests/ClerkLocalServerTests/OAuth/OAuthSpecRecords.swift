import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of browser (OAuth) sign-ins, for the spec validation: the started sign-in with its
    /// provider URL, the reload after the callback (transferable), the transfer and its update, a
    /// denied sign-in's failed verification, a sign-in refused as
    /// `oauth_identification_claimed`, the environment with the provider, refusals, and a sign-in's
    /// first factor prepared with `oauth_google`.
    static func oauthAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            try await device.send("GET", "/v1/environment", operation: "getEnvironment")
            let (started, url) = try await OAuthBrowser.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: Fixture.email("spec-oauth"))
            try await OAuthBrowser.returnToApp(device, started.id, back: back, operation: "getSignIn")
            let transferred = try await device.signUp([("transfer", "true")]).signUp
            let updated = try await device.send(
                "PATCH", "/v1/client/sign_ups/\(transferred.id)", form: [("legal_accepted", "true")], operation: "updateSignUps")
            let session = try updated.signUp.createdSessionID
            let userID = try #require(try updated.signUp.createdUserID)
            let accountID = try #require(await server.core.store.users[userID]?.linkedAccounts.first?.id)
            try await device.me("DELETE", "/external_accounts/\(accountID)", session: session, operation: "deleteExternalAccount")

            let denied = server.client()
            let (deniedSignIn, deniedURL) = try await OAuthBrowser.start(denied)
            let deniedBack = try await OAuthBrowser.signInAtProvider(deniedURL, on: server, as: nil)
            try await OAuthBrowser.returnToApp(denied, deniedSignIn.id, back: deniedBack, operation: "getSignIn")

            let linked = server.client()
            let linkedEmail = Fixture.email("spec-oauth-linked")
            let seeded = try await server.seedUser(SeedUser(emailAddress: linkedEmail, password: Fixture.password))
            let (linkedSignIn, linkedURL) = try await OAuthBrowser.start(linked)
            let linkedBack = try await OAuthBrowser.signInAtProvider(linkedURL, on: server, as: linkedEmail)
            let linkedSession = try await OAuthBrowser.returnToApp(linked, linkedSignIn.id, back: linkedBack).signIn.createdSessionID
            let linkedAccount = try #require(await server.core.store.users[seeded.id]?.linkedAccounts.first?.id)
            try await linked.me("DELETE", "/external_accounts/\(linkedAccount)", session: linkedSession, operation: "deleteExternalAccount")

            let claimed = server.client()
            let claimedEmail = Fixture.email("spec-oauth-claimed")
            _ = try await OAuthClaimedTests.seedLinkedElsewhere(server, claimedEmail)
            let (claimedSignIn, claimedURL) = try await OAuthBrowser.start(claimed)
            let claimedBack = try await OAuthBrowser.signInAtProvider(claimedURL, on: server, as: claimedEmail)
            try await OAuthBrowser.returnToApp(claimed, claimedSignIn.id, back: claimedBack, operation: "getSignIn")
            try await claimed.signIn([("strategy", "oauth_token_google"), ("token", try await server.mint(.google, claimedEmail))])

            let refused = server.client()
            try await refused.signIn([("strategy", "oauth_google"), ("redirect_url", "https://attacker.example/")])
            try await refused.signIn([("strategy", "oauth_apple"), ("redirect_url", OAuthBrowser.appRedirect)])
            try await refused.send("GET", "/v1/oauth_callback?code=x&state=unknown", operation: "getOauthCallback")
            let (prepared, preparedSignIn, _, _) = try await OAuthPrepareFirstFactorTests.identified("spec-oauth-prepared", on: server)
            try await OAuthPrepareFirstFactorTests.prepare(prepared, preparedSignIn.id)
            return [device, denied, linked, claimed, refused, prepared].flatMap(\.recorded)
        }
    }
}

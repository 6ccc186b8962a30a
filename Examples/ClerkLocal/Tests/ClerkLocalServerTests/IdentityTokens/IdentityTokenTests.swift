import ClerkAPI
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Sign-ins and sign-ups with Apple and Google identity tokens, against the test providers of the
/// `social` preset (Apple's key RS256, Google's ES256), over the Frontend API.
@Suite("Identity tokens: sign-in, transfer, sign-up")
struct IdentityTokenTests {
    @Test("A known user signs in with an Apple token: one request, the external account linked and shown on the user")
    func knownUserSignsIn() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("ada")
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let answer = try await device.signIn([("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, email, subject: "apple-ada"))])
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let signIn = try answer.signIn
            #expect(signIn.status == .complete)
            #expect(signIn.firstFactorVerification?.status == .verified)
            #expect(signIn.firstFactorVerification?.strategy == .oauthTokenApple)
            let user = try #require(try answer.client?.sessions.first?.user)
            #expect(user.id == seeded.id)
            let account = try #require(user.externalAccounts.first)
            #expect(account["provider"]?.stringValue == "oauth_apple")
            #expect(account["provider_user_id"]?.stringValue == "apple-ada")
            #expect(account["email_address"]?.stringValue == email)
            #expect(account["identification_id"]?.stringValue == user.primaryEmailAddressID)

            // Another device, the same Apple user whose address changed since: found by `sub`, linked once.
            let laptop = server.client()
            let again = try await laptop.signIn(
                [("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, Fixture.email("elsewhere"), subject: "apple-ada"))])
            #expect(try again.signIn.status == .complete)
            #expect(try again.client?.sessions.first?.user?.externalAccounts.count == 1)
            #expect(await server.core.store.users[seeded.id]?.linkedAccounts.count == 1)
        }
    }

    @Test("A first-time Apple user: the sign-in is transferable, the transfer creates the user from the token")
    func firstTimeByTransfer() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("grace")
            let device = server.client()
            let token = try await server.mint(.apple, email, subject: "apple-grace")
            let answer = try await device.signIn([("strategy", "oauth_token_apple"), ("token", token)])
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            let signIn = try answer.signIn
            #expect(signIn.status == .needsIdentifier)
            #expect(signIn.firstFactorVerification?.status == .transferable)
            #expect(signIn.firstFactorVerification?.strategy == .oauthTokenApple)
            #expect(signIn.firstFactorVerification?.error?.code == .externalAccountNotFound)
            #expect(await server.core.store.users.count == 0)

            let transferred = try await device.signUp([("transfer", "true")])
            #expect(transferred.status == 200, "\(String(decoding: transferred.data, as: UTF8.self))")
            let signUp = try transferred.signUp
            #expect(signUp.status == .missingRequirements)
            #expect(signUp.missingFields == [.legalAccepted])
            #expect(signUp.emailAddress == email)
            #expect(signUp.firstName == "Ada")
            #expect(signUp.verifications.emailAddress?.status == .verified)
            #expect(signUp.verifications.externalAccount?.status == .verified)

            let done = try await device.send("PATCH", "/v1/client/sign_ups/\(signUp.id)", form: [("legal_accepted", "true")])
            #expect(try done.signUp.status == .complete)
            let user = try #require(try done.client?.sessions.first?.user)
            #expect(user.passwordEnabled == false)
            #expect(user.emailAddresses.first?.verification?.status == .verified)
            #expect(user.externalAccounts.first?["provider_user_id"]?.stringValue == "apple-grace")

            // Next time, on another device: one request.
            let laptop = server.client()
            let again = try await laptop.signIn([("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, email, subject: "apple-grace"))])
            #expect(try again.signIn.status == .complete)
        }
    }

    @Test("A sign-up straight from a Google token (ES256), and One Tap's answer for an unknown user")
    func signUpDirect() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("linus")
            let device = server.client()
            let oneTap = try await device.signIn([("strategy", "google_one_tap"), ("token", try await server.mint(.google, email))])
            expectError(oneTap, status: 404, code: "external_account_not_found")
            #expect(await server.stateCounts() == [0, 0, 0, 0])

            let answer = try await device.signUp(
                [("strategy", "google_one_tap"), ("token", try await server.mint(.google, email)), ("legal_accepted", "true")])
            #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
            #expect(try answer.signUp.status == .complete)
            let user = try #require(try answer.client?.sessions.first?.user)
            #expect(user.externalAccounts.first?["provider"]?.stringValue == "oauth_google")

            let laptop = server.client()
            let again = try await laptop.signIn([("strategy", "oauth_token_google"), ("token", try await server.mint(.google, email))])
            #expect(try again.signIn.status == .complete)
            let twice = try await server.client().signUp([("strategy", "oauth_token_google"), ("token", try await server.mint(.google, email))])
            expectError(twice, status: 422, code: "form_identifier_exists")
        }
    }

    @Test("A user with an authenticator app still answers the second factor after the token")
    func secondFactorStillAsked() async throws {
        var settings = SettingsPreset.social.settings
        settings.mfa = MFASettings(authenticatorApp: true)
        try await withServer(settings) { server in
            let email = Fixture.email("mfa")
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password, generateTOTPSecret: true))
            let device = server.client()
            let signIn = try await device.signIn([("strategy", "oauth_token_google"), ("token", try await server.mint(.google, email))]).signIn
            #expect(signIn.status == .needsSecondFactor)
            #expect(signIn.createdSessionID == nil)
            let secret = try #require(seeded.totpSecret)
            let code = try #require(LocalTOTP(base32Secret: secret)).code(at: Date())
            let done = try await device.signInAction(signIn.id, "attempt_second_factor", [("strategy", "totp"), ("code", code)])
            #expect(try done.signIn.status == .complete)
        }
    }

    @Test("Apple's email_verified as the string \"true\" is accepted")
    func appleStringVerified() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("tim")
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let config = try #require(server.core.settings.identityProviders?.apple)
            let now = Date().timeIntervalSince1970.rounded(.down)
            let token = try await server.core.identityTokens.testProviders().sign(
                AppleClaims(iss: config.issuer, aud: config.clientID, exp: now + 60, iat: now, sub: "apple-tim", email: email, emailVerified: "true"),
                provider: .apple)
            let answer = try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", token)])
            #expect(try answer.signIn.status == .complete)
        }
    }
}

/// Claims as Apple sometimes sends them: `email_verified` a string.
private struct AppleClaims: JWTPayload {
    var iss: String
    var aud: String
    var exp: Double
    var iat: Double
    var sub: String
    var email: String
    var emailVerified: String

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, iat, sub, email
        case emailVerified = "email_verified"
    }

    func verify(using _: some JWTAlgorithm) async throws {}
}

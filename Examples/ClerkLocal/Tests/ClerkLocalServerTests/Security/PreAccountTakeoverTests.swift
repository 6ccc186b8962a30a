import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// With `verify_at_sign_up` off, anyone can sign up with someone else's address. When the address's
/// owner later signs in with a provider that proves it, the account is theirs: nothing the earlier
/// holder set up still works.
@Suite("Security: a provider that proves an address reclaims an account that held it unverified")
struct PreAccountTakeoverTests {
    static var settings: InstanceSettings {
        var settings = SettingsPreset.social.settings
        settings.emailAddress.verifyAtSignUp = false
        settings.clientTrust = false
        return settings
    }

    @Test(
        "The earlier holder's password and sessions are gone; the address is verified and the provider linked",
        arguments: ["identity token", "browser"])
    func victimReclaims(_ way: String) async throws {
        try await withServer(Self.settings, mode: way == "browser" ? .socket : .router) { server in
            let victim = Fixture.email("victim")
            let attacker = server.client()
            let signedUp = try await attacker.signUp([("email_address", victim), ("password", Fixture.password), ("legal_accepted", "true")])
            #expect(try signedUp.signUp.status == .complete, "\(signedUp.bodyText)")
            let userID = try #require(try signedUp.signUp.createdUserID)
            let attackerSession = try #require(try signedUp.signUp.createdSessionID)
            #expect(await server.core.store.users[userID]?.emails.first?.verified == false)

            let device = server.client()
            if way == "browser" {
                let (started, url) = try await OAuthBrowser.start(device)
                let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: victim)
                #expect(try await OAuthBrowser.returnToApp(device, started.id, back: back).signIn.status == .complete)
            } else {
                let answer = try await device.signIn([("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, victim))])
                #expect(try answer.signIn.status == .complete, "\(answer.bodyText)")
            }

            let user = try #require(await server.core.store.users[userID])
            #expect(user.emails.map(\.address) == [victim] && user.emails.first?.verified == true)
            #expect(user.passwordHash == nil, "the password the earlier holder chose no longer signs in")
            #expect(user.linkedAccounts.count == 1)
            #expect(await server.core.store.state.clientBook.sessions[attackerSession]?.status == .revoked)
            let again = try await server.client().signIn([("identifier", victim), ("password", Fixture.password)])
            #expect(again.status != 200 || (try? again.signIn.status) != .complete, "\(again.bodyText)")
        }
    }

    @Test("A verified address links as before: the password stays and other sessions go on")
    func verifiedAddressLinks() async throws {
        try await withServer(Self.settings) { server in
            let email = Fixture.email("owner")
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let laptop = server.client()
            let first = try await laptop.signIn([("identifier", email), ("password", Fixture.password)])
            let session = try #require(try first.signIn.createdSessionID)
            let answer = try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, email))])
            #expect(try answer.signIn.status == .complete)
            #expect(await server.core.store.users[seeded.id]?.passwordHash != nil)
            #expect(await server.core.store.state.clientBook.sessions[session]?.status == .active)
        }
    }
}

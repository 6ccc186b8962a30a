import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of identity-token sign-ins and sign-ups, for the spec validation: a transferable
    /// sign-in, the transfer and its update, a known user's one-request sign-in (the client with
    /// the user's external account), a direct One Tap sign-up, and refusals.
    static func identityTokenAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("spec")
            let device = server.client()
            try await device.signIn([("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, email))])
            let transferred = try await device.signUp([("transfer", "true")]).signUp
            try await device.send("PATCH", "/v1/client/sign_ups/\(transferred.id)", form: [("legal_accepted", "true")], operation: "updateSignUps")
            try await device.send("GET", "/v1/client", operation: "getClient")

            let laptop = server.client()
            let signedIn = try await laptop.signIn([("strategy", "oauth_token_apple"), ("token", try await server.mint(.apple, email))]).signIn
            try await laptop.me("GET", session: signedIn.createdSessionID, operation: "getUser")

            let newcomer = server.client()
            try await newcomer.signUp([("strategy", "google_one_tap"), ("token", try await server.mint(.google, Fixture.email())), ("legal_accepted", "true")])
            let unfinished = server.client()
            try await unfinished.signUp([("strategy", "oauth_token_google"), ("token", try await server.mint(.google, Fixture.email()))])

            let refused = server.client()
            try await refused.signIn([("strategy", "oauth_token_google"), ("token", "not-a-jwt")])
            try await refused.signIn([("strategy", "google_one_tap"), ("token", "not-a-jwt")])
            try await refused.signIn([("strategy", "google_one_tap"), ("token", try await server.mint(.google, Fixture.email()))])
            return [device, laptop, newcomer, unfinished, refused].flatMap(\.recorded)
        }
    }
}

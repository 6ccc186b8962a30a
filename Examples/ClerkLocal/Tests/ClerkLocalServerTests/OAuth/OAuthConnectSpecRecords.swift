import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of connecting a second provider, for the spec validation: the started connection
    /// (unverified, with the provider's page), the user with both accounts verified, the user with a
    /// denied connection (failed, with the error), and a refusal.
    static func oauthConnectAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(OAuthConnecting.settings, mode: .socket) { server in
            let device = server.client()
            let (_, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("spec-connect"))
            let page = try OAuthConnecting.page(try await OAuthConnecting.start(device, session: session))
            _ = try await OAuthBrowser.signInAtProvider(page, on: server, as: Fixture.email("spec-connect-apple"))
            try await device.me("GET", session: session, operation: "getUser")
            try await OAuthConnecting.start(device, session: session)

            let denied = server.client()
            let (_, deniedSession) = try await OAuthConnecting.signedInWithGoogle(server, denied, Fixture.email("spec-connect-denied"))
            let deniedPage = try OAuthConnecting.page(try await OAuthConnecting.start(denied, session: deniedSession))
            _ = try await OAuthBrowser.signInAtProvider(deniedPage, on: server, as: nil)
            try await denied.me("GET", session: deniedSession, operation: "getUser")
            return [device, denied].flatMap(\.recorded)
        }
    }
}

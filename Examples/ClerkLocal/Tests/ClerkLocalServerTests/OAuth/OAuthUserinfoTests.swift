import ClerkAPI
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The provider's userinfo endpoint, called with the code's access token when discovery names one:
/// what the ID token lacks comes from there, and a failed call fails the sign-in.
@Suite("OAuth: userinfo")
struct OAuthUserinfoTests {
    typealias Expected = NIOLockedValueBox<OAuthOutsideProviderTests.Expected>

    static func withProvider(
        userinfoStatus: Int, subject: String = "outside-1", _ body: @Sendable (TestServer, String, Expected) async throws -> Void
    ) async throws {
        let key = OwnSigningKey(keyID: "userinfo-key")
        let expected = NIOLockedValueBox(OAuthOutsideProviderTests.Expected(userinfoStatus: userinfoStatus, userinfoSubject: subject))
        let (base, stop) = try await OAuthOutsideProviderTests.serveProvider(key: key, expected: expected)
        defer { stop() }
        try await withServer(OAuthOutsideProviderTests.settings(discoveredAt: base)) { server in try await body(server, base, expected) }
    }

    @Test("An ID token without the address or names: userinfo gives them, and the sign-up by transfer has them")
    func fillsWhatTheTokenLacks() async throws {
        try await Self.withProvider(userinfoStatus: 200) { server, base, expected in
            let (reloaded, device, email) = try await OAuthOutsideProviderTests.signIn(through: base, on: server, expected: expected)
            #expect(try reloaded.signIn.firstFactorVerification?.status == .transferable, "\(String(decoding: reloaded.data, as: UTF8.self))")
            let signUp = try await device.signUp([("transfer", "true"), ("legal_accepted", "true")]).signUp
            #expect(signUp.status == .complete)
            #expect(signUp.emailAddress == email)
            #expect(signUp.firstName == "Grace")
            #expect(signUp.lastName == "Hopper")
        }
    }

    @Test(
        "A failed userinfo call, or one naming another subject: the verification fails with oauth_fetch_user_error, no user",
        arguments: [(401, "outside-1"), (200, "someone-else")])
    func failedCall(_ status: Int, _ subject: String) async throws {
        try await Self.withProvider(userinfoStatus: status, subject: subject) { server, base, expected in
            let (reloaded, device, _) = try await OAuthOutsideProviderTests.signIn(through: base, on: server, expected: expected)
            let verification = try #require(try reloaded.signIn.firstFactorVerification)
            #expect(verification.status == .failed, "\(String(decoding: reloaded.data, as: UTF8.self))")
            #expect(verification.error?.code == .oauthFetchUserError)
            #expect(await server.core.store.users.count == 0)
            let transfer = try await device.signUp([("transfer", "true"), ("legal_accepted", "true")])
            expectError(transfer, status: 400, code: "account_transfer_invalid")
            #expect(await server.core.store.users.count == 0)
        }
    }
}

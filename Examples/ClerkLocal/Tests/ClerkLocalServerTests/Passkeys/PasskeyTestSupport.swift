import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A user signed in with a password on `device`, and the passkey `authenticator` registered for them.
struct PasskeyAccount {
    var user: SeededUser
    var sessionID: String
    var passkeyID: String
}

extension TestServer {
    /// Seeds a user, signs them in with their password on `device`, and registers `authenticator`'s passkey.
    func passkeyAccount(_ device: FAPIClient, _ authenticator: inout OptionsAuthenticator) async throws -> PasskeyAccount {
        let user = try await seedUser(SeedUser(emailAddress: Fixture.email("pk"), password: Fixture.password))
        let signIn = try await device.signIn([("identifier", try #require(user.emailAddress)), ("password", Fixture.password)]).signIn
        let sessionID = try #require(signIn.createdSessionID)
        let created = try await device.me("POST", "/passkeys", session: sessionID, operation: "postPasskey").response(Passkey.self)
        let nonce = try #require(created.verification?.nonce)
        let registration = try authenticator.create(nonce)
        let verified = try await device.me(
            "POST", "/passkeys/\(created.id)/attempt_verification", session: sessionID,
            form: [("strategy", "passkey"), ("public_key_credential", registration)], operation: "attemptPasskeyVerification"
        ).response(Passkey.self)
        #expect(verified.verification?.status == .verified)
        return PasskeyAccount(user: user, sessionID: sessionID, passkeyID: created.id)
    }

    /// A discoverable passkey sign-in on a new client: the answer to the assertion.
    func signInWithPasskey(_ authenticator: inout OptionsAuthenticator) async throws -> FAPIClient.Answer {
        let device = client()
        let started = try await device.signIn([("strategy", "passkey")])
        let assertion = try authenticator.get(try started.passkeyNonce)
        return try await device.signInAction(
            try started.signIn.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", assertion)])
    }

    /// Everything a refused passkey request must leave as it was: users (their passkeys, counters and pending
    /// challenges), sign-ins (their verifications) and clients.
    func passkeyState() async throws -> Data {
        try await core.store.passkeyState()
    }
}

extension FrontendStore {
    func giveAuthenticatorApp(userID: String) {
        state.directory.users[userID]?.totpSecret = "JBSWY3DPEHPK3PXP"
    }

    func passkeyState() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode([
            try encoder.encode(state.directory.users.values.sorted { $0.id < $1.id }),
            try encoder.encode(state.signIns.values.sorted { $0.id < $1.id }),
            try encoder.encode(state.clientBook.clients.values.sorted { $0.id < $1.id }),
        ])
    }
}

extension FAPIClient.Answer {
    /// The sign-in's first-factor `nonce` (the passkey request options).
    var passkeyNonce: String {
        get throws {
            let verification = try signIn.firstFactorVerification
            return try #require(verification?.nonce)
        }
    }
}

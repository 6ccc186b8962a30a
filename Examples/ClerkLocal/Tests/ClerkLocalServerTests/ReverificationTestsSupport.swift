import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The MFA guide's settings without Client Trust, asking for a verification younger than ten minutes.
var reverificationSettings: InstanceSettings {
    var settings = SettingsPreset.mfa.settings
    settings.clientTrust = false
    settings.reverification = ReverificationSettings(maxAgeSeconds: 600)
    return settings
}

extension FAPIClient {
    /// `POST /v1/client/sessions/{id}/verify` and its steps (`step` such as `/attempt_first_factor`).
    @discardableResult
    func reverify(_ sessionID: String, _ step: String = "", _ form: [(String, String)] = [], operation: String? = nil) async throws -> Answer {
        try await send("POST", "/v1/client/sessions/\(sessionID)/verify\(step)", form: form, operation: operation)
    }

    /// Signs in with the password, then with the authenticator app's current code when asked: the session.
    func signInWithPassword(_ user: SeededUser, at now: Date) async throws -> String {
        let signIn = try await signIn([("identifier", try #require(user.emailAddress)), ("password", Fixture.password)]).signIn
        if signIn.status == .complete { return try #require(signIn.createdSessionID) }
        let secret = try #require(user.totpSecret)
        let totp = try #require(LocalTOTP(base32Secret: secret))
        let done = try await signInAction(signIn.id, "attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: now))])
        return try #require(try done.signIn.createdSessionID)
    }
}

extension FAPIClient.Answer {
    var reverification: SessionReverification {
        get throws { try response(SessionReverification.self) }
    }
}

/// A code other than `code`.
func wrongCode(than code: String) -> String {
    code == "000000" ? "111111" : "000000"
}

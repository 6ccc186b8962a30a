import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension FAPIClient {
    /// A `/v1/me` request as native clients send it: `_is_native` and the session in `_clerk_session_id`.
    @discardableResult
    func me(
        _ method: String, _ path: String = "", session: String?, form: [(String, String)] = [], operation: String? = nil
    ) async throws -> Answer {
        let query = "_is_native=true" + (session.map { "&_clerk_session_id=\($0)" } ?? "")
        return try await send(method, "/v1/me\(path)?\(query)", form: form, operation: operation)
    }
}

extension FAPIClient.Answer {
    func response<T: Codable & Sendable & Hashable>(_ type: T.Type) throws -> T {
        try decode(ClientEnvelope<T, ClientResource>.self).response
    }

    var text: String { String(decoding: data, as: UTF8.self) }
}

/// Someone signed up with email and password on `device`: their address and session.
struct SignedInAccount {
    var email: String
    var sessionID: String
}

func signedUpAccount(_ server: TestServer, _ device: FAPIClient, email: String = Fixture.email()) async throws -> SignedInAccount {
    let signUp = try await signUpWithPassword(server, device, email: email)
    return SignedInAccount(email: email, sessionID: try #require(signUp.createdSessionID))
}

/// The session `id` as the client in an answer shows it.
func session(_ id: String, in answer: FAPIClient.Answer) throws -> Session? {
    try answer.client?.sessions.first { $0.id == id }
}

/// The secret of an `otpauth://` URI.
func secret(ofURI uri: String) -> String? {
    URLComponents(string: uri)?.queryItems?.first { $0.name == "secret" }?.value
}

/// The MFA guide's settings with "Require multi-factor authentication" on.
var mfaRequiredSettings: InstanceSettings {
    var settings = SettingsPreset.mfa.settings
    settings.mfa.required = true
    return settings
}

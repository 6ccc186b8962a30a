import ClerkLocalServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import ExampleBackend

@Suite("The protected API's answers")
struct ProtectedAPITests {
    private func withAPI(_ body: @Sendable (SessionTokenSigner, any TestClientProtocol) async throws -> Void) async throws {
        let signer = try await SessionTokenSigner()
        let app = Application(router: ProtectedAPI.buildRouter(verifier: try SessionTokenVerifierTests.verifier(signer)))
        try await app.test(.router) { client in try await body(signer, client) }
    }

    @Test("A valid bearer token answers 200 with the user id and session id")
    func signedIn() async throws {
        try await withAPI { signer, client in
            let token = try await signer.sign(SessionTokenVerifierTests.claims())
            let response = try await client.execute(uri: "/api/me", method: .get, headers: [.authorization: "Bearer " + token])
            #expect(response.status == .ok)
            let body = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
            #expect(body?["user_id"] as? String == "user_1")
            #expect(body?["session_id"] as? String == "sess_1")
        }
    }

    @Test("No token or a bad one: 401 with the reason, WWW-Authenticate, and never the token")
    func refused() async throws {
        try await withAPI { signer, client in
            let missing = try await client.execute(uri: "/api/me", method: .get)
            #expect(missing.status == .unauthorized)
            #expect(String(buffer: missing.body).contains(#""error":"token_missing""#))
            #expect(missing.headers[.wwwAuthenticate]?.contains(#"error="invalid_token""#) == true)

            let expired = try await signer.sign(SessionTokenVerifierTests.claims(iat: Int(SessionTokenVerifierTests.now.timeIntervalSince1970) - 600))
            let answer = try await client.execute(uri: "/api/me", method: .get, headers: [.authorization: "Bearer " + expired])
            #expect(answer.status == .unauthorized)
            let text = String(buffer: answer.body)
            #expect(text.contains(#""error":"token_expired""#))
            #expect(!text.contains(expired))

            let basic = try await client.execute(uri: "/api/me", method: .get, headers: [.authorization: "Basic dXNlcjpwYXNz"])
            #expect(String(buffer: basic.body).contains(#""error":"token_missing""#))
        }
    }
}

import Foundation
import Testing

/// A native email link (PKCE) on the wire, for the sign-in and sign-up tests: opened as a browser
/// opens it, then completed by the app.
enum NativeLinkWire {
    static let redirect = "clerk-local://email-link"

    /// Opens the link as a browser does (no client): the redirect's query.
    static func open(_ path: String, on server: TestServer) async throws -> [String: String] {
        let answer = try await server.client().send("GET", path)
        #expect(answer.status == 303, "\(String(decoding: answer.data, as: UTF8.self))")
        let location = try #require(answer.header("Location"))
        #expect(location.hasPrefix(redirect + "?"), "\(location)")
        let items = URLComponents(string: location)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    /// `POST /v1/client/magic_links/complete`, recorded under `operation` when given.
    @discardableResult
    static func complete(
        _ device: FAPIClient, flowID: String, token: String, verifier: String, operation: String? = nil
    ) async throws -> FAPIClient.Answer {
        try await device.send(
            "POST", "/v1/client/magic_links/complete", form: [("flow_id", flowID), ("approval_token", token), ("code_verifier", verifier)],
            operation: operation)
    }
}

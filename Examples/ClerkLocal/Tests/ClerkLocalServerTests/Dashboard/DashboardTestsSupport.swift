import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The dashboard as its page uses it: GET the page, post its forms with the page's token and the
/// server's own Origin.
struct DashboardBrowser {
    let client: FAPIClient

    init(_ server: TestServer) {
        client = server.client()
        client.origin = server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    func page(_ query: String = "") async throws -> String {
        let answer = try await client.send("GET", "/__local/dashboard" + query)
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type")?.hasPrefix("text/html") == true)
        return String(decoding: answer.data, as: UTF8.self)
    }

    /// The token in the page's forms.
    func token() async throws -> String {
        let html = try await page()
        let match = try #require(html.firstMatch(of: /name="token" value="([^"]+)"/))
        return String(match.1)
    }

    @discardableResult
    func post(_ path: String, _ form: [(String, String)] = []) async throws -> FAPIClient.Answer {
        try await client.send("POST", "/__local/dashboard" + path, form: [("token", try await token())] + form)
    }
}

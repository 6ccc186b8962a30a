import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The person at clerk-local's built-in provider page, played by HTTP as a browser would: the page
/// read, an address chosen (or "Deny" followed), the redirects followed through the Frontend API's
/// `/v1/oauth_callback` to the app's loopback listener. Not requests of the app: the browser's.
enum ProviderPagePerson {
    /// `email` chooses who the person is at the provider; nil denies.
    static func answer(_ page: URL, as email: String?) async throws {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(from: page)
        let html = String(decoding: data, as: UTF8.self)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let deny = html.firstMatch(of: /id="deny" href="([^"]+)"/).map({ String($0.1).replacingOccurrences(of: "&amp;", with: "&") }),
            let denyURL = URL(string: deny, relativeTo: page)?.absoluteURL
        else {
            throw ExampleFailure("the provider's page is not clerk-local's built-in authorize page: " + String(html.prefix(200)))
        }
        guard var choice = URLComponents(url: denyURL, resolvingAgainstBaseURL: false) else {
            throw ExampleFailure("the provider's page has no usable Deny link")
        }
        if let email {
            choice.queryItems = (choice.queryItems ?? []).filter { $0.name != "deny" } + [URLQueryItem(name: "email", value: email)]
        }
        guard let url = choice.url else { throw ExampleFailure("the provider's page has no usable Deny link") }
        // Followed to the end: the provider's redirect, the Frontend API's callback, the app's listener.
        let (_, landed) = try await session.data(from: url)
        guard (landed as? HTTPURLResponse)?.statusCode == 200 else {
            throw ExampleFailure("the browser did not reach the app's redirect URL (HTTP \((landed as? HTTPURLResponse)?.statusCode ?? 0))")
        }
    }
}

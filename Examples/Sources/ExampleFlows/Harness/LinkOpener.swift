import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Opens an email link as a browser on another device does: a plain GET with no client of the app's.
/// The Frontend API answers with a redirect to the app's `redirect_url`; the browser would go there,
/// this reads where to (the app may not be installed on that device) and stops.
enum LinkOpener {
    /// The `__clerk_status` of the redirect the link answered with.
    static func open(_ link: String) async throws -> String {
        guard let url = URL(string: link) else { throw ExampleFailure("the email link is not a URL") }
        let location = try await redirect(from: url)
        guard let status = URLComponents(url: location, resolvingAgainstBaseURL: false)?.queryItems?.last(where: { $0.name == "__clerk_status" })?.value
        else { throw ExampleFailure("the email link's redirect carries no __clerk_status") }
        return status
    }

    /// Where the link sent the browser (a native email link's redirect to the app, with
    /// `flow_id` and `approval_token`), without following it.
    static func redirect(from link: URL) async throws -> URL {
        let session = URLSession(configuration: .ephemeral, delegate: RedirectStopper(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(from: link)
        guard let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode),
            let location = http.value(forHTTPHeaderField: "Location").flatMap(URL.init(string:))
        else {
            throw ExampleFailure("opening the email link did not redirect (HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0))")
        }
        return location
    }

    /// Keeps the redirect as the answer instead of following it.
    private final class RedirectStopper: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}

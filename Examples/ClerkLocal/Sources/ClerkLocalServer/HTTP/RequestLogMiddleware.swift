import ClerkLocalCore
import Foundation
import Hummingbird
import Logging

/// One line per request for the developer watching the console (when there is a logger): method,
/// path, status, time taken and the client, abbreviated; and the same in `core.requestHistory` for
/// the dashboard, except the dashboard's own requests. Nothing secret reaches either: no query
/// string (where a development browser's token travels), header, body or token.
package struct RequestLogMiddleware: RouterMiddleware {
    package typealias Context = LocalRequestContext
    package let core: ServerCore
    package let logger: Logger?

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let path = request.uri.path
        if !path.hasPrefix(DashboardRoutes.path) {
            core.requestHistory.record(
                RequestHistory.Entry(
                    method: request.method.rawValue, path: path, status: response.status.code,
                    milliseconds: Self.milliseconds(elapsed), at: Date()))
        }
        guard let logger else { return response }
        // A new client's token is only in the answer; the request carries an existing one, or its browser's.
        let client =
            if let answered = response.headers[.authorization] {
                await core.store.client(forToken: answered)?.id
            } else {
                await core.store.client(for: RequestReading.meta(request, context))?.id
            }
        logger.info("\(Self.line(method: request.method.rawValue, path: request.uri.path, status: response.status.code, elapsed: elapsed, clientID: client))")
        return response
    }

    /// `POST /v1/client/sign_ins 200 3.1 ms client_2x7Q…`
    package static func line(method: String, path: String, status: Int, elapsed: Duration, clientID: String?) -> String {
        var text = "\(method) \(ConsoleText.escapingControlCharacters(path)) \(status) \(String(format: "%.1f", milliseconds(elapsed))) ms"
        if let clientID { text += " \(abbreviated(clientID))" }
        return text
    }

    package static func milliseconds(_ elapsed: Duration) -> Double {
        Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// The prefix and four characters: enough to tell a few clients apart.
    package static func abbreviated(_ id: String) -> String {
        guard let underscore = id.firstIndex(of: "_") else { return String(id.prefix(4)) + "…" }
        return String(id[...underscore]) + id[id.index(after: underscore)...].prefix(4) + "…"
    }
}

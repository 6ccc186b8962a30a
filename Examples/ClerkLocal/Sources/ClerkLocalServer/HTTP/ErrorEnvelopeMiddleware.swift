import ClerkLocalCore
import Hummingbird
import Logging

/// Answers whatever escapes a route (unknown paths, oversized bodies, framework errors) in Clerk's
/// error envelope rather than Hummingbird's default body. Anything unexpected (a token not signed,
/// an answer not encoded, state not written) is the server's fault: 500 `internal_clerk_error` with
/// a trace id, which the log line carries too (with the error's type, never its values).
package struct ErrorEnvelopeMiddleware: RouterMiddleware {
    package typealias Context = LocalRequestContext

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as FrontendError {
            return WireResponses.error(error, client: nil, clientToken: nil)
        } catch let error as HTTPError {
            return WireResponses.error(Self.frontendError(for: error.status), client: nil, clientToken: nil)
        } catch let failure as StorageFailure {
            let traceID = WireResponses.newTraceID()
            context.logger.error(
                "the server's storage failed: \(failure), answered 500",
                metadata: ["trace_id": "\(traceID)", "sqlite_code": "\(failure.code)"])
            return WireResponses.error(.storageFailed(traceID: traceID), client: nil, clientToken: nil, traceID: traceID)
        } catch {
            let traceID = WireResponses.newTraceID()
            context.logger.error(
                "unexpected failure, answered 500",
                metadata: ["trace_id": "\(traceID)", "error_type": "\(String(reflecting: type(of: error)))"])
            return WireResponses.error(.unexpected(traceID: traceID), client: nil, clientToken: nil, traceID: traceID)
        }
    }

    package static func frontendError(for status: HTTPResponse.Status) -> FrontendError {
        switch status {
        case .notFound: .notFound("ResourceNotFound")
        case .methodNotAllowed:
            FrontendError(.resourceNotFound, status: 405, message: "Method not allowed", longMessage: "This method is not supported on this path.")
        case .contentTooLarge: FrontendError(.requestBodyTooLarge, longMessage: "The request body exceeds the maximum allowed size of 65536 bytes.")
        default:
            status.code >= 500
                ? .unexpected(traceID: nil) : FrontendError(.requestBodyInvalid, variant: "InvalidRequestBody", status: status.code)
        }
    }
}

extension FrontendError {
    /// The answer to a failure that is the server's, not the request's.
    package static func unexpected(traceID: String?) -> FrontendError {
        FrontendError(
            .internalClerkError, status: 500, message: "Something went wrong",
            longMessage: "The local server could not complete the request; nothing it changed was kept."
                + (traceID.map { " Trace id: \($0)." } ?? ""))
    }

    /// The answer to a write the server's storage refused (a full or read-only disk, an I/O error).
    package static func storageFailed(traceID: String) -> FrontendError {
        FrontendError(
            .internalClerkError, status: 500, message: "Something went wrong",
            longMessage: "The server's storage failed; nothing the request changed was kept. Trace id: \(traceID).")
    }

    /// `request_body_invalid` as its `InvalidRequestBody` entry (the code's first entry is about images).
    package static func invalidBody(_ longMessage: String) -> FrontendError {
        FrontendError(.requestBodyInvalid, variant: "InvalidRequestBody", longMessage: longMessage)
    }
}

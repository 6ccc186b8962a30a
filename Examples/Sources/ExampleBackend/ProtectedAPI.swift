import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A small protected API, as an app's own backend: every route needs a valid Clerk session token
/// in `Authorization: Bearer …`.
///
/// - `GET /api/me`: `{"user_id", "session_id", "expires_at"}` for a valid token; otherwise 401
///   `{"error": reason, "message"}` with `WWW-Authenticate: Bearer error="invalid_token"`.
public enum ProtectedAPI {
    public static func buildRouter(verifier: SessionTokenVerifier) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.get("/api/me") { request, _ in
            switch await authenticate(request, verifier: verifier) {
            case .success(let session): json(session, status: .ok)
            case .failure(let refusal): unauthorized(refusal)
            }
        }
        return router
    }

    /// The bearer token of a request, verified.
    static func authenticate(_ request: Request, verifier: SessionTokenVerifier) async -> Result<VerifiedSession, TokenRefusal> {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else {
            return .failure(TokenRefusal(.missingToken, "send the session token as Authorization: Bearer <token>"))
        }
        let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { return .failure(TokenRefusal(.missingToken, "the bearer token is empty")) }
        return await verifier.verify(token)
    }

    private struct RefusalBody: Encodable {
        var error: String
        var message: String
    }

    private static func unauthorized(_ refusal: TokenRefusal) -> Response {
        var response = json(RefusalBody(error: refusal.reason.rawValue, message: refusal.message), status: .unauthorized)
        response.headers[.wwwAuthenticate] = #"Bearer error="invalid_token", error_description="\#(refusal.reason.rawValue)""#
        return response
    }

    private static func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

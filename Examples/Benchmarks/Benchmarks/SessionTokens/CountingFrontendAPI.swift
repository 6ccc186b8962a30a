import Clerk
import ClerkTesting
import Foundation

/// Answers `GET /v1/client` with one active session and `POST …/tokens` with a fresh token,
/// counting the token requests. Tokens are unsigned: the SDK reads only their `exp`.
final class CountingFrontendAPI: HTTPTransport, @unchecked Sendable {
    private let clock: ManualClock
    private let lock = NSLock()
    private var count = 0

    init(clock: ManualClock) {
        self.clock = clock
    }

    var tokenRequests: Int { lock.withLock { count } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if request.url.path.hasSuffix("/tokens") {
            lock.withLock { count += 1 }
            let exp = Int(clock.now().timeIntervalSince1970) + 60
            let jwt = [#"{"alg":"none","typ":"JWT"}"#, #"{"sid":"sess_1","exp":\#(exp)}"#].map(Self.base64URL).joined(separator: ".") + ".sig"
            return TransportResponse(status: 200, body: Data(#"{"object":"token","jwt":"\#(jwt)"}"#.utf8))
        }
        let now = Int(clock.now().timeIntervalSince1970 * 1000)
        let session =
            #"{"object":"session","id":"sess_1","status":"active","expire_at":\#(now + 86_400_000),"abandon_at":\#(now + 86_400_000),"last_active_at":\#(now),"factor_verification_age":[0,-1],"created_at":\#(now),"updated_at":\#(now)}"#
        let client =
            #"{"object":"client","id":"client_1","sessions":[\#(session)],"sign_in":null,"sign_up":null,"last_active_session_id":"sess_1","captcha_bypass":false,"created_at":\#(now),"updated_at":\#(now)}"#
        return TransportResponse(status: 200, body: Data(#"{"response":\#(client),"client":\#(client)}"#.utf8))
    }

    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// What the loopback listener makes of the bytes a browser sent: only the request line is read, and
/// only once the request's head has ended (so that closing the connection does not reset it).
enum LoopbackRequest: Equatable {
    /// The head has not ended yet: read more.
    case incomplete
    /// More than the listener reads before the head ended: answer 431.
    case tooLarge
    /// Not an HTTP request line: answer 400.
    case malformed
    /// A request line: its method and request target (`/path?query`).
    case request(method: String, target: String)

    /// Reads `bytes`, at most `limit` of them.
    init(_ bytes: [UInt8], limit: Int) {
        guard let headEnd = Self.endOfHead(bytes) else {
            self = bytes.count >= limit ? .tooLarge : .incomplete
            return
        }
        guard headEnd <= limit else {
            self = .tooLarge
            return
        }
        let lineEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? headEnd
        let line = String(decoding: bytes[..<lineEnd], as: UTF8.self).trimmingSuffix("\r")
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty, parts[1].hasPrefix("/") else {
            self = .malformed
            return
        }
        self = .request(method: String(parts[0]), target: String(parts[1]))
    }

    /// The index just past the blank line that ends the head (CRLF CRLF, or LF LF as some clients send).
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        let newline = UInt8(ascii: "\n")
        var index = 0
        while index < bytes.count {
            if bytes[index] == newline {
                if index + 1 < bytes.count, bytes[index + 1] == newline { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == newline { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// The path of a request target, without its query.
    static func path(of target: String) -> Substring {
        target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

/// The listener's answers: complete HTTP/1.1 responses that close the connection.
enum LoopbackResponse {
    static func page(status: String, html: String) -> [UInt8] {
        let body = Array(html.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    static let notFound = page(status: "404 Not Found", html: "<!doctype html><title>Not found</title><p>Not found.</p>")
    static let badRequest = page(status: "400 Bad Request", html: "<!doctype html><title>Bad request</title><p>Bad request.</p>")
    static let tooLarge = page(
        status: "431 Request Header Fields Too Large", html: "<!doctype html><title>Too large</title><p>Request too large.</p>")
}

import NIOCore

/// A well-formed answer that is not the one the benchmark expects (status or content).
struct UnexpectedAnswer: Error, CustomStringConvertible {
    var description: String

    init(_ what: String, _ reply: HTTPConnection.Reply) {
        let excerpt = reply.body.getString(at: reply.body.readerIndex, length: min(reply.body.readableBytes, 300)) ?? ""
        description = "\(what): HTTP \(reply.status) \(excerpt)"
    }
}

/// The Frontend API requests on the email-code and password sign-in paths, as a native client sends
/// them (form bodies, `_is_native=true`, the client token in `Authorization`).
enum FrontendCalls {
    static let testCode = "424242"

    /// A sign-in that has sent its email code, and the new client it belongs to.
    struct StartedSignIn: Sendable {
        var id: String
        var clientToken: String
    }

    /// `POST /v1/client/sign_ins {identifier, strategy=email_code}` without a client token: a new client.
    static func createEmailCodeSignIn(_ connection: HTTPConnection, identifier: String) async throws -> StartedSignIn {
        let reply = try await connection.send(
            .POST, "/v1/client/sign_ins?_is_native=true", form: "identifier=\(formEncoded(identifier))&strategy=email_code")
        guard reply.status == 200, contains(reply, #""status":"needs_first_factor""#),
            let id = signInID(in: reply), let token = reply.authorization, !token.isEmpty
        else { throw UnexpectedAnswer("create sign-in", reply) }
        return StartedSignIn(id: id, clientToken: token)
    }

    /// `POST /v1/client/sign_ins/{id}/attempt_first_factor {strategy=email_code, code}`: completes it.
    static func attemptEmailCode(_ connection: HTTPConnection, _ signIn: StartedSignIn) async throws {
        let reply = try await attemptEmailCodeReply(connection, signIn)
        guard reply.status == 200, contains(reply, #""status":"complete""#) else {
            throw UnexpectedAnswer("attempt first factor", reply)
        }
    }

    static func attemptEmailCodeReply(_ connection: HTTPConnection, _ signIn: StartedSignIn) async throws -> HTTPConnection.Reply {
        try await connection.send(
            .POST, "/v1/client/sign_ins/\(signIn.id)/attempt_first_factor?_is_native=true",
            form: "strategy=email_code&code=\(testCode)", authorization: signIn.clientToken)
    }

    /// `POST /v1/client/sign_ins {identifier, password}` without a client token, expected to complete.
    static func passwordSignIn(_ connection: HTTPConnection, identifier: String, password: String) async throws {
        let reply = try await connection.send(
            .POST, "/v1/client/sign_ins?_is_native=true",
            form: "identifier=\(formEncoded(identifier))&password=\(formEncoded(password))")
        guard reply.status == 200, contains(reply, #""status":"complete""#) else {
            throw UnexpectedAnswer("password sign-in", reply)
        }
    }

    /// The first sign-in id (`sia_…`) in an answer: the envelope's `response.id`.
    static func signInID(in reply: HTTPConnection.Reply) -> String? {
        let bytes = reply.body.readableBytesView
        let marker = Array(#""sia_"#.utf8)
        guard let start = firstIndex(of: marker, in: bytes) else { return nil }
        let idStart = start + 1
        guard let end = bytes[idStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: bytes[idStart..<end], as: UTF8.self)
    }

    static func contains(_ reply: HTTPConnection.Reply, _ text: String) -> Bool {
        firstIndex(of: Array(text.utf8), in: reply.body.readableBytesView) != nil
    }

    private static func firstIndex(of marker: [UInt8], in bytes: ByteBufferView) -> Int? {
        guard let first = marker.first, bytes.count >= marker.count else { return nil }
        var index = bytes.startIndex
        let last = bytes.endIndex - marker.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + marker.count)].elementsEqual(marker) { return index }
            index += 1
        }
        return nil
    }

    /// Percent-encodes everything but unreserved characters (enough for emails and test passwords).
    static func formEncoded(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

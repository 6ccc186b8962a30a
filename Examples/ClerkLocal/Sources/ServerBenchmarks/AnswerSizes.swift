import ClerkLocalServer
import NIOCore

/// The two answers of an email-code sign-in and their sizes, taken from one real flow.
struct AnswerSizes {
    var createSignIn: Int
    var attemptFirstFactor: Int
    var createSignInBody: ByteBuffer
    var attemptFirstFactorBody: ByteBuffer

    static func measure(_ server: RunningServer) async throws -> AnswerSizes {
        try await HTTPConnection.with(port: server.port) { connection in
            let reply = try await connection.send(
                .POST, "/v1/client/sign_ins?_is_native=true",
                form: "identifier=\(FrontendCalls.formEncoded(BenchmarkInstance.email(0)))&strategy=email_code")
            let createBytes = reply.body.readableBytes
            guard let id = FrontendCalls.signInID(in: reply), let token = reply.authorization else {
                throw UnexpectedAnswer("create sign-in", reply)
            }
            let attempt = try await FrontendCalls.attemptEmailCodeReply(connection, .init(id: id, clientToken: token))
            guard attempt.status == 200 else { throw UnexpectedAnswer("attempt first factor", attempt) }
            return AnswerSizes(
                createSignIn: createBytes, attemptFirstFactor: attempt.body.readableBytes, createSignInBody: reply.body,
                attemptFirstFactorBody: attempt.body)
        }
    }
}

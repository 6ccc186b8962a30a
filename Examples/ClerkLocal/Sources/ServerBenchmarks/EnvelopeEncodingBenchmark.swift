import ClerkAPI
import ClerkLocalServer
import Foundation
import NIOCore

/// The `{response, client}` envelope of the two email-code answers (taken from a real flow), encoded
/// as a whole by `JSONEncoder` (the sign-in written twice) and with the sign-in encoded once and shared
/// (`SharedResourceEnvelope`, what the server does), alternating in rounds of a fixed count.
/// `server.encoding.<answer>.<whole|shared>.us` are the median rounds' times per answer, with their ratio;
/// under `valgrind --tool=callgrind`, `encodeWhole` and `encodeShared` give instructions per call.
struct EnvelopeEncodingBenchmark {
    let answers: AnswerSizes
    let rounds: Int

    private static let encodesPerRound = 500

    func run() throws {
        let cases = [("create_sign_in", answers.createSignInBody), ("attempt_first_factor", answers.attemptFirstFactorBody)]
        for (name, body) in cases {
            let envelope = try JSONDecoder().decode(ClientEnvelope<SignIn, ClientResource>.self, from: Data(body.readableBytesView))
            guard var rest = envelope.client, rest.signIn == envelope.response else {
                throw BenchmarkError("\(name): the client's sign-in is not the answer's")
            }
            rest.signIn = nil
            let sharedDocument = try JSONSerialization.jsonObject(with: Self.encodeShared(envelope.response, rest)) as? NSDictionary
            guard let sharedDocument, sharedDocument == (try JSONSerialization.jsonObject(with: Self.encodeWhole(envelope)) as? NSDictionary) else {
                throw BenchmarkError("\(name): the shared encoding differs from the whole envelope's")
            }
            var whole: [Double] = []
            var shared: [Double] = []
            for round in 0..<rounds {
                let measureWhole = { whole.append(try Self.microseconds { _ = try Self.encodeWhole(envelope) }) }
                let measureShared = { shared.append(try Self.microseconds { _ = try Self.encodeShared(envelope.response, rest) }) }
                if round.isMultiple(of: 2) {
                    try measureWhole()
                    try measureShared()
                } else {
                    try measureShared()
                    try measureWhole()
                }
            }
            Report.value("server.encoding.\(name).whole.us", RatioSummary.median(whole), decimals: 1)
            Report.value("server.encoding.\(name).shared.us", RatioSummary.median(shared), decimals: 1)
            Report.ratio("server.ratio.encoding.\(name)", RatioSummary(zip(shared, whole).map { $0 / $1 }))
        }
    }

    @inline(never)
    static func encodeWhole(_ envelope: ClientEnvelope<SignIn, ClientResource>) throws -> Data {
        try JSONEncoder().encode(envelope)
    }

    @inline(never)
    static func encodeShared(_ signIn: SignIn, _ rest: ClientResource) throws -> Data {
        guard let buffer = try SharedResourceEnvelope.encode(signIn, client: rest, sharedAs: "sign_in") else {
            throw BenchmarkError("the client has no sign_in to fill")
        }
        return Data(buffer.readableBytesView)
    }

    /// Microseconds per call of `body`, over `encodesPerRound` calls.
    private static func microseconds(_ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<encodesPerRound { try body() }
        return LoadRunner.seconds(clock.now - start) * 1_000_000 / Double(encodesPerRound)
    }
}

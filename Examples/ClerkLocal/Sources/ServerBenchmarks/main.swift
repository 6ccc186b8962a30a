// Measures the local Frontend API server under load and the SDK's own cost per request, and prints
// `key<TAB>value` lines (see Examples/Benchmarks/README.md); progress goes to stderr. Run by
// scripts/benchmarks in release mode:
//   swift run --package-path Examples -c release ServerBenchmarks [--seconds S] [--rounds R] [--clients …] [--parts …] [--many N] [--growth N,…]
import ClerkLocalServer
import Foundation

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    Report.progress(String(describing: error))
    exit(64)
}

// The server every part measures; another configuration is one more `ServerSetup`.
let setup = ServerSetup.inMemory

do {
    Report.count("server.cores", ProcessInfo.processInfo.activeProcessorCount)
    Report.value("server.seconds_per_run", options.seconds, decimals: 1)

    let users = 1_000
    if options.parts.contains(.emailCode) || options.parts.contains(.many) || options.parts.contains(.encoding) {
        try await setup.with(BenchmarkInstance.emailCode) { server in
            try await BenchmarkInstance.seedUsers(server, count: users)
            if options.parts.contains(.emailCode) {
                let sizes = try await AnswerSizes.measure(server)
                Report.count("server.answer.create_sign_in.bytes", sizes.createSignIn)
                Report.count("server.answer.attempt_first_factor.bytes", sizes.attemptFirstFactor)
                // The bare route answers as much as the sign-in's first answer.
                let bare = try await BareRoute.start(answerBytes: sizes.createSignIn)
                Report.count("server.bare.bytes", sizes.createSignIn)
                do {
                    try await EmailCodeBenchmarks(server: server, bare: bare, options: options, users: users).run()
                } catch {
                    await bare.shutdown()
                    throw error
                }
                await bare.shutdown()
            }
            if options.parts.contains(.encoding) {
                try EnvelopeEncodingBenchmark(answers: try await AnswerSizes.measure(server), rounds: options.rounds).run()
            }
            if options.parts.contains(.many) {
                try await ManyClientsBenchmark(server: server, clients: options.manyClients).run()
            }
        }
    }
    if options.parts.contains(.sdk) {
        try await SDKOverheadBenchmark(setup: setup, options: options).run()
    }
    if options.parts.contains(.password) {
        try await PasswordBenchmark(setup: setup, options: options).run()
    }
    if options.parts.contains(.persistence) {
        try await PersistenceBenchmark(options: options).run()
    }
    if options.parts.contains(.growth) {
        try await GrowthBenchmark(options: options).run()
    }
} catch {
    Report.progress("error: \(error)")
    exit(1)
}

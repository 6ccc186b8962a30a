// Measures the local Frontend API server under load and prints `key<TAB>value` lines (see
// Examples/Benchmarks/README.md); progress goes to stderr. Run by scripts/benchmarks in release mode:
//   swift run --package-path Examples -c release ServerBenchmarks [--seconds S] [--many N] [--only persistence]
import ClerkLocalServer
import Foundation

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    Report.progress(String(describing: error))
    exit(64)
}

do {
    Report.count("server.cores", ProcessInfo.processInfo.activeProcessorCount)
    Report.value("server.seconds_per_run", options.seconds, decimals: 1)

    if options.onlyPersistence {
        try await PersistenceBenchmark(options: options).run()
        exit(0)
    }
    let users = 1_000
    let server = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode)
    try await BenchmarkInstance.seedUsers(server, count: users)
    let sizes = try await AnswerSizes.measure(server)
    Report.count("server.answer.create_sign_in.bytes", sizes.createSignIn)
    Report.count("server.answer.attempt_first_factor.bytes", sizes.attemptFirstFactor)
    // The bare route answers as much as the sign-in's first answer.
    let bare = try await BareRoute.start(answerBytes: sizes.createSignIn)
    Report.count("server.bare.bytes", sizes.createSignIn)

    try await EmailCodeBenchmarks(server: server, bare: bare, options: options, users: users).run()
    await bare.shutdown()
    try await PasswordBenchmark(options: options).run()
    try await ManyClientsBenchmark(server: server, clients: options.manyClients).run()
    await server.shutdown()
    try await PersistenceBenchmark(options: options).run()
} catch {
    Report.progress("error: \(error)")
    exit(1)
}

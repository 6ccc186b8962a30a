import Foundation

/// Command line: `ServerBenchmarks [--seconds S] [--rounds R] [--clients 1,8,64] [--parts …] [--many N] [--growth N,…] [--growth-organizations N]`;
/// `CLERK_SERVER_BENCH_SECONDS` and `CLERK_SERVER_BENCH_ROUNDS` set the defaults of `--seconds` and `--rounds`.
struct Options: Sendable {
    /// How long each throughput measurement runs (after a warm-up of a fifth of it, at most 1 s).
    var seconds = 1.0
    /// How many times each side of a comparison is measured, alternating with its reference.
    var rounds = 5
    /// Clients in the many-clients run.
    var manyClients = 1_000
    var concurrencies = [1, 8, 64]
    /// Users in each data directory of the growth part.
    var growthSizes = [1_000, 10_000, 100_000]
    /// Organizations in the growth part's organization directory (each of 10 members).
    var growthOrganizations = 10_000
    var parts: Set<Part> = Set(Part.allCases)
    /// The sides of the email-code part to measure (all by default; fewer to profile one of them).
    var sides: Set<String> = EmailCodeBenchmarks.sideNames

    enum Part: String, CaseIterable, Sendable {
        case emailCode = "email-code"
        case sdk
        case password
        case many
        case persistence
        case growth
        case encoding
    }

    static let usage = """
        usage: ServerBenchmarks [--seconds S (0.2...60, default 1)] [--rounds R (1...51, default 5)]
                                [--clients N,N,… (default 1,8,64)] [--parts email-code,sdk,password,many,persistence,growth,encoding (default all)]
                                [--sides bare,create,attempt,flow,ceiling (default all)] [--many N (1...5000, default 1000)]
                                [--growth N,N,… (users, 1...1000000, default 1000,10000,100000)]
                                [--growth-organizations N (1...100000, default 10000)]
        """

    init(arguments: [String], environment: [String: String]) throws {
        if let value = environment["CLERK_SERVER_BENCH_SECONDS"] { seconds = try Self.number(value, in: 0.2...60) }
        if let value = environment["CLERK_SERVER_BENCH_ROUNDS"] { rounds = Int(try Self.number(value, in: 1...51)) }
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw BenchmarkError(Self.usage) }
            switch flag {
            case "--seconds": seconds = try Self.number(value, in: 0.2...60)
            case "--rounds": rounds = Int(try Self.number(value, in: 1...51))
            case "--many": manyClients = Int(try Self.number(value, in: 1...5_000))
            case "--growth-organizations": growthOrganizations = Int(try Self.number(value, in: 1...100_000))
            case "--growth": growthSizes = try value.split(separator: ",").map { Int(try Self.number(String($0), in: 1...1_000_000)) }
            case "--clients": concurrencies = try value.split(separator: ",").map { Int(try Self.number(String($0), in: 1...1_000)) }
            case "--parts":
                parts = Set(try value.split(separator: ",").map { try Part(rawValue: String($0)).orThrow(BenchmarkError(Self.usage)) })
            case "--sides":
                sides = Set(value.split(separator: ",").map(String.init))
                guard sides.isSubset(of: EmailCodeBenchmarks.sideNames) else { throw BenchmarkError(Self.usage) }
            default: throw BenchmarkError(Self.usage)
            }
        }
    }

    var duration: Duration { .milliseconds(Int(seconds * 1_000)) }

    private static func number(_ text: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), range.contains(value) else { throw BenchmarkError(usage) }
        return value
    }
}

extension Optional {
    func orThrow(_ error: some Error) throws -> Wrapped {
        guard let self else { throw error }
        return self
    }
}

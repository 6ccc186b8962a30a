// swift-tools-version: 6.1
// The project's benchmarks: `scripts/benchmarks` runs them with the peer comparisons and writes RESULTS.md.
// A package of its own, so that neither the SDK nor the examples depend on the benchmark harness.
import PackageDescription

let package = Package(
    name: "clerk-swift-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "clerk-swift", path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The realistic Frontend API answers the decode benchmarks read, as data.
        .target(name: "BenchmarkPayloads"),
        // Writes synthetic schemas N times the size of Schema/ for the generator-scaling measurement.
        .executableTarget(name: "SyntheticSchema"),
        // A decode loop to run under callgrind when a decode target is missed.
        .executableTarget(
            name: "DecodeProfile",
            dependencies: [
                "BenchmarkPayloads", .product(name: "ClerkAPI", package: "clerk-swift"), .product(name: "Clerk", package: "clerk-swift"),
            ]
        ),
        // Reads every measurement of one run and prints the results table.
        .executableTarget(name: "BenchmarkReport", dependencies: ["BenchmarkPayloads"]),
        .executableTarget(
            name: "Decoding",
            dependencies: [
                "BenchmarkPayloads",
                .product(name: "ClerkAPI", package: "clerk-swift"),
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Decoding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "FormEncoding",
            dependencies: [
                .product(name: "ClerkAPI", package: "clerk-swift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FormEncoding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Session tokens through the SDK's cache: requests per token lifetime, concurrent callers, a cached call.
        .executableTarget(
            name: "SessionTokens",
            dependencies: [
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkTesting", package: "clerk-swift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SessionTokens",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

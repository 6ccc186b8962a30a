// swift-tools-version: 6.1
// The peer's generated layer and a benchmark of it. scripts/benchmarks copies this folder to a temporary
// directory, generates Sources/PeerAPI there, copies the payloads in and links `clerk-swift` to the
// repository, so that ClerkAPI decodes the same payloads in the same process; nothing of it is committed.
import PackageDescription

let package = Package(
    name: "openapi-generator-decoding",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "clerk-swift", path: "clerk-swift"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "PeerAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        ),
        // Copied from the benchmark package's Sources/BenchmarkPayloads.
        .target(name: "BenchmarkPayloads"),
        .target(
            name: "PeerCases",
            dependencies: ["PeerAPI", "BenchmarkPayloads", .product(name: "ClerkAPI", package: "clerk-swift")]
        ),
        .executableTarget(name: "PeerConformance", dependencies: ["PeerCases"]),
        .executableTarget(
            name: "PeerDecoding",
            dependencies: ["PeerCases", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/PeerDecoding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

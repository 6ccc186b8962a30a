// swift-tools-version: 6.0
// What runs the SDK for real: the example flows and the local Frontend API server.
// Dependencies live here, never in the SDK package at the root.
import PackageDescription

/// The SDK as an app offering every sign-in strategy links it.
let sdkWithEveryStrategy: [Target.Dependency] = [
    "Clerk", "ClerkPassword", "ClerkEmailCode", "ClerkPhoneCode", "ClerkTOTP", "ClerkBackupCode", "ClerkClientTrust", "ClerkTransfer",
].map { .product(name: $0, package: "clerk-swift") }

let package = Package(
    name: "clerk-swift-examples",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "Examples", targets: ["Examples"]),
        .library(name: "ClerkLocalServer", targets: ["ClerkLocalServer"]),
        .executable(name: "clerk-local", targets: ["ClerkLocal"]),
        .executable(name: "ServerBenchmarks", targets: ["ServerBenchmarks"]),
    ],
    dependencies: [
        .package(name: "clerk-swift", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // Base32 for authenticator-app secrets.
        .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The server's state on disk (SQLite, WAL).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "Examples",
            dependencies: [
                "ExampleFlows",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The documented flows (one file per flow), their transcript, summary and answer providers.
        .target(
            name: "ExampleFlows",
            dependencies: [
                "ClerkLocalServer",
                "ExampleBackend",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // ManualClock: the session-lifecycle flow moves time instead of waiting a minute.
                .product(name: "ClerkTesting", package: "clerk-swift"),
            ] + sdkWithEveryStrategy
        ),
        // A small protected API, as an app's backend: verifies Clerk session tokens with the
        // Frontend API's JWKS and answers the user id. Every example flow ends by calling it.
        .target(
            name: "ExampleBackend",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "ExampleBackendTests",
            dependencies: [
                "ExampleBackend",
                "ClerkLocalServer",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The 18 flows and their error branches end to end, over real HTTP on loopback.
        .testTarget(
            name: "ExampleFlowsTests",
            dependencies: [
                "ExampleFlows",
                "ClerkLocalServer",
                "Examples",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The code of the DocC articles, as functions an app would write; the articles show it verbatim.
        .target(
            name: "DocumentationExamples",
            dependencies: sdkWithEveryStrategy
        ),
        // The README's "Using the SDK" program, exactly as the README shows it.
        .executableTarget(
            name: "ReadmeSignIn",
            dependencies: [
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkClientTrust", package: "clerk-swift"),
                .product(name: "ClerkPassword", package: "clerk-swift"),
            ]
        ),
        // Each article's function, and the README's program, against the local server started in-process.
        .testTarget(
            name: "DocumentationExamplesTests",
            dependencies: [
                "DocumentationExamples",
                "ClerkLocalServer",
                "ReadmeSignIn",
                .product(name: "Clerk", package: "clerk-swift"),
            ]
        ),
        // The local Frontend API server: a library so tests and examples can run it in-process.
        .target(
            name: "ClerkLocalServer",
            dependencies: [
                .product(name: "ClerkAPI", package: "clerk-swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // The dashboard's server-rendered pages.
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Dashboard/Templates"), .copy("Dashboard/Assets")]
        ),
        // `swift run --package-path Examples clerk-local`: the server a developer points an app at.
        .executableTarget(
            name: "ClerkLocal",
            dependencies: [
                "ClerkLocalServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The local server under load: throughput and latency next to a bare Hummingbird route and the
        // RS256 signing ceiling, password sign-ins next to the bcrypt ceiling, 1,000 concurrent flows, and
        // the SDK's own overhead per request. Run by scripts/benchmarks.
        .executableTarget(
            name: "ServerBenchmarks",
            dependencies: [
                "ClerkLocalServer",
                // The SDK's own overhead per request, against URLSession and JSONSerialization.
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "ClerkLocalServerTests",
            dependencies: [
                "ClerkLocalServer",
                "ExampleBackend",
                // The SDK against the server over real HTTP (session lifecycle).
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkPassword", package: "clerk-swift"),
                .product(name: "ClerkTesting", package: "clerk-swift"),
                .product(name: "ClerkAPI", package: "clerk-swift"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
                .product(name: "HummingbirdOTP", package: "hummingbird-auth"),
                // Digests at other costs than the server's own (bcrypt work tests).
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // Writes a data directory as an older version did (migration test).
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // Run by SpecValidationTests from the source tree, not bundled.
            exclude: ["SpecValidation"]
        ),
        // The SDK through a fault-injecting proxy in front of the local server, over real HTTP on loopback:
        // lost answers at every step of the documented flows, hidden re-sends, gateway pages, time-outs.
        .testTarget(
            name: "NetworkFaultTests",
            dependencies: [
                "ClerkLocalServer",
                .product(name: "ClerkTesting", package: "clerk-swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ] + sdkWithEveryStrategy
        ),
        // The generated types against the example payloads of Clerk's OpenAPI spec, when the reference spec is present.
        .testTarget(
            name: "SpecConformanceTests",
            dependencies: [
                .product(name: "ClerkAPI", package: "clerk-swift"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ]
)

for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

// swift-tools-version: 6.0
// What runs the SDK for real: the example flows and the local Frontend API server.
// Dependencies live here, never in the SDK package at the root.
import PackageDescription

/// The SDK as an app offering every sign-in strategy links it.
let sdkWithEveryStrategy: [Target.Dependency] = [
    "Clerk", "ClerkPassword", "ClerkEmailCode", "ClerkPhoneCode", "ClerkTOTP", "ClerkBackupCode", "ClerkClientTrust", "ClerkTransfer",
    "ClerkEmailLink", "ClerkTicket", "ClerkIDToken", "ClerkOAuth", "ClerkPasskey",
    "ClerkOrganizations", "ClerkTrustedDevice",
].map { .product(name: $0, package: "clerk-swift") }

let package = Package(
    name: "clerk-swift-examples",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "Examples", targets: ["Examples"])
    ],
    dependencies: [
        .package(name: "clerk-swift", path: ".."),
        // The local emulator, a package of its own: the demos see its public API only.
        .package(name: "clerk-local", path: "ClerkLocal"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
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
                .product(name: "ClerkLocalServer", package: "clerk-local"),
                "ExampleBackend",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // ManualClock: the session-lifecycle flow moves time instead of waiting a minute.
                .product(name: "ClerkTesting", package: "clerk-swift"),
                // The passkey flow's authenticator.
                .product(name: "ClerkSoftwarePasskey", package: "clerk-local"),
                // The biometric sign-in flow's device key.
                .product(name: "ClerkSoftwareTrustedDevice", package: "clerk-local"),
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
                .product(name: "ClerkLocalServer", package: "clerk-local"),
                .product(name: "ClerkLocalTesting", package: "clerk-local"),
                // Real session tokens: the SDK signs in against the local server.
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkPassword", package: "clerk-swift"),
                .product(name: "ClerkClientTrust", package: "clerk-swift"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Every example flow and its error branches end to end, over real HTTP on loopback.
        .testTarget(
            name: "ExampleFlowsTests",
            dependencies: [
                "ExampleFlows",
                .product(name: "ClerkLocalServer", package: "clerk-local"),
                // ClerkLocalProcess; and the clerk-local binary beside the tests (SeparateInstanceTests).
                .product(name: "ClerkLocalTesting", package: "clerk-local"),
                .product(name: "clerk-local", package: "clerk-local"),
                .product(name: "ClerkSoftwarePasskey", package: "clerk-local"),
                "Examples",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The software passkey authenticator product of clerk-local: its file store, and a persisted
        // passkey signing in against the local server over real HTTP.
        .testTarget(
            name: "SoftwarePasskeyTests",
            dependencies: [
                .product(name: "ClerkSoftwarePasskey", package: "clerk-local"),
                .product(name: "ClerkLocalServer", package: "clerk-local"),
                .product(name: "ClerkLocalTesting", package: "clerk-local"),
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkPassword", package: "clerk-swift"),
                .product(name: "ClerkClientTrust", package: "clerk-swift"),
                .product(name: "ClerkPasskey", package: "clerk-swift"),
                .product(name: "ClerkSoftwareTrustedDevice", package: "clerk-local"),
                .product(name: "ClerkTrustedDevice", package: "clerk-swift"),
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
                .product(name: "ClerkLocalServer", package: "clerk-local"),
                .product(name: "ClerkLocalTesting", package: "clerk-local"),
                "ReadmeSignIn",
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkOrganizations", package: "clerk-swift"),
            ]
        ),
        // The SDK through a fault-injecting proxy in front of the local server, over real HTTP on loopback:
        // lost answers at every step of the documented flows, hidden re-sends, gateway pages, time-outs.
        .testTarget(
            name: "NetworkFaultTests",
            dependencies: [
                .product(name: "ClerkLocalServer", package: "clerk-local"),
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

// swift-tools-version: 6.0
// clerk-local: a local emulator of Clerk's Frontend API (with a Backend API subset, an admin API and a
// dashboard), a package of its own so that what depends on it sees its public API only.
import PackageDescription

let package = Package(
    name: "clerk-local",
    // Synchronization's Mutex (the core's locks) needs macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        // The server, to run in-process (tests, examples): `LocalFrontendAPI.start(settings:)`.
        .library(name: "ClerkLocalServer", targets: ["ClerkLocalServer"]),
        // What a test of an app against an in-process server needs besides the server.
        .library(name: "ClerkLocalTesting", targets: ["ClerkLocalTesting"]),
        // `clerk-local`: the server a developer points an app at.
        .executable(name: "clerk-local", targets: ["ClerkLocal"]),
        // A software passkey authenticator (P-256 through swift-crypto) for tests and command-line
        // tools, with passkeys kept in memory or in an owner-only file. Depends on the SDK's
        // ClerkPasskey and swift-crypto only, not on the emulator.
        .library(name: "ClerkSoftwarePasskey", targets: ["ClerkSoftwarePasskey"]),
        // Software trusted-device keys (P-256 through swift-crypto) in memory or an owner-only file, for tests and
        // command-line tools where no Secure Enclave signs. Depends on the SDK's ClerkTrustedDevice, not on the emulator.
        .library(name: "ClerkSoftwareTrustedDevice", targets: ["ClerkSoftwareTrustedDevice"]),
        .executable(name: "ServerBenchmarks", targets: ["ServerBenchmarks"]),
    ],
    dependencies: [
        .package(name: "clerk-swift", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // Base32 for authenticator-app secrets.
        .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The request parts Hummingbird's pipeline carries (the request deadline's handler reads them).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The server's state on disk (SQLite, WAL).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The domain: the instance's state by aggregate, its rules, records, settings, tokens, the outbox
        // and the storage protocol. No HTTP framework, no NIO, no generated request bodies.
        .target(
            name: "ClerkLocalCore",
            dependencies: [
                // Statuses, strategies and JSON values the rules share with the wire (no request bodies).
                .product(name: "ClerkAPI", package: "clerk-swift"),
                // bcrypt (a C implementation with a Swift face; nothing of Hummingbird's server).
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // Where the state lives: SQLite through GRDB (or memory), the data directory and its lock.
        .target(
            name: "ClerkLocalStorage",
            dependencies: [
                "ClerkLocalCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The HTTP server: the Frontend API, the Backend API, the admin API and the dashboard over the core.
        .target(
            name: "ClerkLocalServer",
            dependencies: [
                "ClerkLocalCore",
                "ClerkLocalStorage",
                .product(name: "ClerkAPI", package: "clerk-swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // The dashboard's server-rendered pages.
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Dashboard/Templates"), .copy("Dashboard/Assets")]
        ),
        .target(
            name: "ClerkSoftwarePasskey",
            dependencies: [
                .product(name: "ClerkPasskey", package: "clerk-swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "ClerkSoftwareTrustedDevice",
            dependencies: [
                "ClerkSoftwarePasskey",
                .product(name: "ClerkTrustedDevice", package: "clerk-swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "ClerkLocalTesting",
            dependencies: ["ClerkLocalCore", "ClerkLocalServer"]
        ),
        // `swift run --package-path Examples/ClerkLocal clerk-local`.
        .executableTarget(
            name: "ClerkLocal",
            dependencies: [
                "ClerkLocalServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The server under load: throughput and latency next to a bare Hummingbird route and the RS256
        // signing ceiling, password sign-ins next to the bcrypt ceiling, 1,000 concurrent flows, and the
        // SDK's own overhead per request. Run by scripts/benchmarks.
        .executableTarget(
            name: "ServerBenchmarks",
            dependencies: [
                "ClerkLocalCore",
                "ClerkLocalServer",
                // The database check's time at each growth size.
                "ClerkLocalStorage",
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
        // The core's rules and primitives without a server.
        .testTarget(
            name: "ClerkLocalCoreTests",
            dependencies: [
                "ClerkLocalCore",
                .product(name: "ClerkAPI", package: "clerk-swift"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
                .product(name: "HummingbirdOTP", package: "hummingbird-auth"),
            ]
        ),
        // The server over real HTTP and in router mode, its storage, and its answers against Clerk's spec.
        .testTarget(
            name: "ClerkLocalServerTests",
            dependencies: [
                "ClerkLocalCore",
                "ClerkLocalStorage",
                "ClerkLocalServer",
                "ClerkLocalTesting",
                // The SDK against the server over real HTTP (session lifecycle).
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkPassword", package: "clerk-swift"),
                .product(name: "ClerkTicket", package: "clerk-swift"),
                .product(name: "ClerkPasskey", package: "clerk-swift"),
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
                // The request deadline's watcher on an event loop whose time the test moves.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // Writes a data directory as an older version did (migration test).
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // Run by SpecValidationTests from the source tree, not bundled.
            exclude: ["SpecValidation"]
        ),
        // `clerk-local` as a developer runs it: a real process, its options, data directory and exit codes.
        .testTarget(
            name: "ClerkLocalCLITests",
            dependencies: [
                "ClerkLocal",
                "ClerkLocalServer",
                "ClerkLocalTesting",
                .product(name: "Clerk", package: "clerk-swift"),
                .product(name: "ClerkPassword", package: "clerk-swift"),
                .product(name: "ClerkClientTrust", package: "clerk-swift"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
    ]
)

for target in package.targets where target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

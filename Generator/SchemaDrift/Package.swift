// swift-tools-version: 6.0
// schema-drift: compares Schema/ with a Clerk Frontend API spec and error catalogue.
// A package of its own so that it needs none of the server's dependencies (it builds in about a minute)
// and the SDK package at the root stays free of dependencies.
import PackageDescription

let package = Package(
    name: "schema-drift",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SchemaDriftKit", targets: ["SchemaDriftKit"]),
        .executable(name: "schema-drift", targets: ["schema-drift"]),
    ],
    dependencies: [
        .package(name: "clerk-swift", path: "../.."),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The comparison, its levels, the report formats and --apply.
        .target(
            name: "SchemaDriftKit",
            dependencies: [
                .product(name: "GeneratorKit", package: "clerk-swift"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "schema-drift",
            dependencies: [
                "SchemaDriftKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Spec variants are built in code by editing the real spec's OpenAPIKit document.
        .testTarget(
            name: "SchemaDriftKitTests",
            dependencies: ["SchemaDriftKit", .product(name: "OpenAPIKit30", package: "OpenAPIKit"), .product(name: "GeneratorKit", package: "clerk-swift")]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

// swift-tools-version: 6.1
// Builds the peer generator's command-line tool. scripts/benchmarks copies this folder to a temporary
// directory and runs it from there; nothing it generates is committed.
import PackageDescription

let package = Package(
    name: "openapi-generator-tool",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: [
        // SwiftPM builds a dependency's product only for a package with a target of its own.
        .target(name: "Placeholder", path: "Placeholder"),
    ]
)

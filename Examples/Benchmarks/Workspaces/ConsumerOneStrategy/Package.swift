// swift-tools-version: 6.1
// An app using the SDK as most would: the runtime and one strategy (password), nothing else.
// scripts/benchmarks copies this folder to a temporary directory and links `clerk-swift` to the
// repository, then times its debug build from a clean scratch directory and measures the binary.
import PackageDescription

let package = Package(
    name: "clerk-consumer-one-strategy",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "clerk-swift")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [.product(name: "ClerkPassword", package: "clerk-swift")])
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

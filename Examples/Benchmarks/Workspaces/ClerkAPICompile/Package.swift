// swift-tools-version: 6.1
// Our generated layer alone (the ClerkWire runtime and the generated ClerkAPI), to time its debug
// compile the same way as the peer's. scripts/benchmarks copies this folder to a temporary directory
// and copies Sources/ClerkWire and Sources/ClerkAPI in.
import PackageDescription

let package = Package(
    name: "clerk-api-compile",
    targets: [
        .target(name: "ClerkWire"),
        .target(name: "ClerkAPI", dependencies: ["ClerkWire"]),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

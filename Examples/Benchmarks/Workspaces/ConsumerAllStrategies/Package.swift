// swift-tools-version: 6.1
// The same app with all seven strategy products. scripts/benchmarks copies this folder to a temporary
// directory and links `clerk-swift` to the repository, then times its debug build from a clean scratch
// directory and measures the binary, next to ConsumerOneStrategy.
import PackageDescription

let strategies = [
    "ClerkPassword", "ClerkEmailCode", "ClerkPhoneCode", "ClerkTOTP",
    "ClerkBackupCode", "ClerkClientTrust", "ClerkTransfer",
]

let package = Package(
    name: "clerk-consumer-all-strategies",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "clerk-swift")],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: strategies.map { .product(name: $0, package: "clerk-swift") }
        )
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}

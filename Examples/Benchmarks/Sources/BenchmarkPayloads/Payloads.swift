import Foundation

/// The realistic Frontend API answers of the SDK's decoding tests, read from where those tests keep
/// them (`Tests/ClerkAPITests/Payloads/` at the repository's root) so both measure the same bytes.
public enum Payloads {
    /// `CLERK_BENCH_PAYLOADS` when set (scripts/benchmarks sets it: the peer's workspace builds a copy of
    /// this file elsewhere), else found from this file's place in the repository.
    public static let directory =
        ProcessInfo.processInfo.environment["CLERK_BENCH_PAYLOADS"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BenchmarkPayloads
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()  // Examples
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("Tests/ClerkAPITests/Payloads")

    public static let signInNeedsSecondFactorEnvelope = load("sign_in_needs_second_factor_envelope")
    public static let completedSignIn = load("completed_sign_in_envelope")
    public static let signUpMissingRequirementsEnvelope = load("sign_up_missing_requirements_envelope")
    public static let errorEnvelope = load("error_envelope")
    public static let olderEnvironment = load("older_environment")

    /// A benchmark run without its payloads measures nothing: stop with the path that is missing.
    public static func load(_ name: String) -> String {
        let url = directory.appendingPathComponent(name + ".json")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            fatalError("benchmark payload missing: \(url.path)")
        }
        return text
    }
}

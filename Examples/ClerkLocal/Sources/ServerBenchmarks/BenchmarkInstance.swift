import ClerkLocalServer

/// The instances the benchmark runs: the product's presets with the limits that would otherwise
/// refuse a load test relaxed (every request comes from one address, and the same users sign in
/// thousands of times). Only this program uses these settings.
enum BenchmarkInstance {
    /// Email-code sign-in (the `email-code` preset).
    static var emailCode: InstanceSettings { relaxed(SettingsPreset.emailCode.settings) }

    /// Password sign-in that completes in one request: the `email-password` preset, Client Trust off.
    static var passwordSignIn: InstanceSettings {
        var settings = relaxed(SettingsPreset.emailPassword.settings)
        settings.clientTrust = false
        return settings
    }

    private static func relaxed(_ preset: InstanceSettings) -> InstanceSettings {
        var settings = preset
        let unlimited = RateLimit(requests: 1_000_000_000, windowSeconds: 1)
        settings.rateLimits = RateLimitSettings(perClient: unlimited, perIdentifier: unlimited)
        settings.lockout.enabled = false
        return settings
    }

    /// `bench-N+clerk_test@example.com`: test addresses, so every code is 424242 and nothing is sent.
    static func email(_ index: Int) -> String { "bench-\(index)+clerk_test@example.com" }

    static let userPassword = "correct-horse-battery-staple-9"

    /// Seeds users 0..<count (with the benchmark password if asked; that costs one bcrypt hash each).
    static func seedUsers(_ server: RunningServer, count: Int, withPassword: Bool = false) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    _ = try await server.seedUser(SeedUser(emailAddress: email(index), password: withPassword ? userPassword : nil))
                }
            }
            try await group.waitForAll()
        }
    }
}

import Clerk

/// What an instance's dashboard settings allow, as its environment (`GET /v1/environment`) says.
public struct InstanceCheck: Sendable, Hashable {
    /// Whether the Native API is on (nil when the environment does not say).
    public var nativeAPIEnabled: Bool?
    /// Whether test mode is on: `+clerk_test` addresses and 555-01NN numbers take 424242.
    public var testMode: Bool?
    /// The first factors users may sign in with (`password`, `email_code`, `phone_code`, …).
    public var firstFactors: [String]
    /// The second factors the instance offers (`phone_code`, `totp`, `backup_code`).
    public var secondFactors: [String]
}

/// Reads what the instance `clerk` talks to offers, before any sign-in.
public func checkInstance(_ clerk: ClerkClient) async throws -> InstanceCheck {
    let settings = try await clerk.environment().authConfig
    return InstanceCheck(
        nativeAPIEnabled: settings?.nativeSettings?.apiEnabled, testMode: settings?.testMode,
        firstFactors: settings?.firstFactors?.map(\.rawValue) ?? [],
        secondFactors: settings?.secondFactors?.map(\.rawValue) ?? [])
}

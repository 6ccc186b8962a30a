/// Trusted devices (biometric sign-in from native apps, `/v1/me/trusted_devices`): what Clerk's environment
/// advertises as `auth_config.native_settings.trusted_device_sign_in_enabled`. Settings files name it
/// `trusted_devices`; `{}` turns it on with the defaults, `null` (or absence) off:
///
/// ```json
/// { "trusted_devices": { "app_identifiers": ["com.example.app"], "challenge_lifetime_seconds": 300 } }
/// ```
public struct TrustedDeviceSettings: Codable, Sendable, Hashable {
    /// The bundle identifiers (or Android package names) devices may enrol for; empty takes any.
    public var appIdentifiers: [String]
    /// How long an enrolment's or a sign-in's challenge can be answered.
    public var challengeLifetimeSeconds: Int
    /// Active trusted devices a user may have.
    public var maxPerUser: Int

    public init(appIdentifiers: [String] = [], challengeLifetimeSeconds: Int = 300, maxPerUser: Int = 10) {
        self.appIdentifiers = appIdentifiers
        self.challengeLifetimeSeconds = challengeLifetimeSeconds
        self.maxPerUser = maxPerUser
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = TrustedDeviceSettings()
        appIdentifiers = try container.decodeIfPresent([String].self, forKey: .appIdentifiers) ?? defaults.appIdentifiers
        challengeLifetimeSeconds = try container.decodeIfPresent(Int.self, forKey: .challengeLifetimeSeconds) ?? defaults.challengeLifetimeSeconds
        maxPerUser = try container.decodeIfPresent(Int.self, forKey: .maxPerUser) ?? defaults.maxPerUser
    }

    /// Whether `appIdentifier` may enrol.
    package func allows(_ appIdentifier: String) -> Bool {
        appIdentifiers.isEmpty || appIdentifiers.contains(appIdentifier)
    }

    /// What is wrong with the values, if anything.
    package func problem() -> String? {
        if challengeLifetimeSeconds < 1 { return "challenge_lifetime_seconds must be at least 1" }
        if maxPerUser < 1 { return "max_per_user must be at least 1" }
        return nil
    }
}

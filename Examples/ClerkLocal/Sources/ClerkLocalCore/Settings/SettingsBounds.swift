/// Upper and lower bounds of every numeric setting, checked when settings are read: a lifetime of
/// `Int.max` seconds would overflow the first time a token's `exp` or a session's expiry is computed.
package enum SettingsBounds {
    package static let tenYears = 10 * 365 * 24 * 3600
    package static let day = 24 * 3600

    /// Each setting's path, value and allowed range.
    package static func values(of settings: InstanceSettings) -> [(path: String, value: Int, range: ClosedRange<Int>)] {
        var values: [(path: String, value: Int, range: ClosedRange<Int>)] = [
            ("password.min_length", settings.password.minLength, 1...72),
            ("password.max_length", settings.password.maxLength, 1...72),
            ("codes.lifetime_seconds", settings.codes.lifetimeSeconds, 1...day),
            ("email_link.lifetime_seconds", settings.emailLink.lifetimeSeconds, 1...day),
            ("codes.max_attempts", settings.codes.maxAttempts, 1...1_000),
            ("codes.resend_interval_seconds", settings.codes.resendIntervalSeconds, 0...day),
            ("lockout.max_attempts", settings.lockout.maxAttempts, 1...1_000_000),
            ("lockout.duration_seconds", settings.lockout.durationSeconds, 1...tenYears),
            ("rate_limits.per_client.requests", settings.rateLimits.perClient.requests, 1...1_000_000_000),
            ("rate_limits.per_client.window_seconds", settings.rateLimits.perClient.windowSeconds, 1...day),
            ("rate_limits.per_identifier.requests", settings.rateLimits.perIdentifier.requests, 1...1_000_000_000),
            ("rate_limits.per_identifier.window_seconds", settings.rateLimits.perIdentifier.windowSeconds, 1...day),
            ("sessions.token_lifetime_seconds", settings.sessions.tokenLifetimeSeconds, 1...tenYears),
            ("sessions.lifetime_seconds", settings.sessions.lifetimeSeconds, 1...tenYears),
            ("sessions.inactivity_timeout_seconds", settings.sessions.inactivityTimeoutSeconds, 0...tenYears),
        ]
        if let reverification = settings.reverification {
            values.append(("reverification.max_age_seconds", reverification.maxAgeSeconds, 1...day))
        }
        for template in settings.jwtTemplates {
            values.append(("jwt_templates.\(template.name).lifetime_seconds", template.lifetimeSeconds, 1...tenYears))
        }
        return values
    }

    package static func check(_ settings: InstanceSettings) throws(SettingsLoader.LoadError) {
        for (path, value, range) in values(of: settings) where !range.contains(value) {
            throw SettingsLoader.LoadError(description: "\(path) must be between \(range.lowerBound) and \(range.upperBound) (it is \(value))")
        }
    }
}

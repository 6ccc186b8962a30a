import ClerkAPI
import Foundation

/// Reads instance settings from a JSON file: an optional `"preset"` to start from (the caller's
/// preset wins over it; email-password when neither names one) and any settings to override, with snake_case keys, nested as in `InstanceSettings`.
///
/// ```json
/// { "preset": "mfa", "client_trust": false, "lockout": { "max_attempts": 5 } }
/// ```
public enum SettingsLoader {
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
        package init(description: String) {
            self.description = description
        }
    }

    public static func load(file url: URL, basePreset: SettingsPreset? = nil) throws -> InstanceSettings {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LoadError(description: "cannot read settings file \(url.path): \(error.localizedDescription)")
        }
        do {
            return try load(json: data, basePreset: basePreset)
        } catch let error as LoadError {
            throw LoadError(description: "settings file \(url.path): \(error.description)")
        }
    }

    public static func load(json data: Data, basePreset: SettingsPreset? = nil) throws -> InstanceSettings {
        if let problem = JSONSyntax.problem(in: data) { throw LoadError(description: problem) }
        guard case .object(var overrides)? = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw LoadError(description: "the settings file must hold a JSON object")
        }
        var filePreset: SettingsPreset?
        if let name = overrides.removeValue(forKey: "preset") {
            guard let text = name.stringValue, let named = SettingsPreset(rawValue: text) else {
                throw LoadError(description: "unknown preset \(name.jsonText()); known: \(SettingsPreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            filePreset = named
        }
        let templates = try overrides.removeValue(forKey: "jwt_templates").map(decodeTemplates) ?? []
        let reverification = try overrides.removeValue(forKey: "reverification").map(decodeReverification)
        let identityProviders = try overrides.removeValue(forKey: "identity_providers").map(decodeIdentityProviders)
        let oauthProviders = try overrides.removeValue(forKey: "oauth_providers").map(decodeOAuthProviders)
        let enterpriseConnections = try overrides.removeValue(forKey: "enterprise_connections").map(decodeEnterpriseConnections)
        let passkeys = try overrides.removeValue(forKey: "passkeys").map(decodePasskeys)
        let trustedDevices = try overrides.removeValue(forKey: "trusted_devices").map(decodeTrustedDevices)
        // A preset given by the caller (the --preset flag) wins over the file's.
        let preset = basePreset ?? filePreset ?? .emailPassword
        var base = try JSONDecoder().decode(JSONValue.self, from: encode(preset.settings))
        // Decoded on their own (the snake_case strategy would rename a JWK Set's members).
        if case .object(var object) = base {
            object.removeValue(forKey: "identity_providers")
            object.removeValue(forKey: "oauth_providers")
            object.removeValue(forKey: "enterprise_connections")
            base = .object(object)
        }
        let merged = try merge(base, .object(overrides), path: "")
        var settings: InstanceSettings
        do {
            settings = try decoder.decode(InstanceSettings.self, from: JSONEncoder().encode(merged))
        } catch {
            throw LoadError(description: "invalid settings: \(error)")
        }
        settings.jwtTemplates = templates
        if let reverification { settings.reverification = reverification }
        settings.identityProviders = identityProviders ?? preset.settings.identityProviders
        settings.oauthProviders = oauthProviders ?? preset.settings.oauthProviders
        settings.enterpriseConnections = enterpriseConnections ?? preset.settings.enterpriseConnections
        if let passkeys { settings.passkeys = passkeys }
        if let trustedDevices { settings.trustedDevices = trustedDevices }
        try validate(settings)
        return settings
    }

    /// Templates decoded without the snake_case strategy, which would rename claims.
    private static func decodeTemplates(_ value: JSONValue) throws -> [JWTTemplate] {
        do {
            return try JSONDecoder().decode([JWTTemplate].self, from: JSONEncoder().encode(value))
        } catch {
            throw LoadError(description: "invalid jwt_templates: \(error)")
        }
    }

    /// `reverification` is off (absent) in every preset, so the merge over a preset cannot check its
    /// keys: they are checked against its one field here. `null` turns it off.
    private static func decodeReverification(_ value: JSONValue) throws -> ReverificationSettings? {
        if value == .null { return nil }
        let merged = try merge(.object(["max_age_seconds": .integer(0)]), value, path: "reverification")
        do {
            return try decoder.decode(ReverificationSettings.self, from: JSONEncoder().encode(merged))
        } catch {
            throw LoadError(description: "invalid reverification: \(error)")
        }
    }

    /// `passkeys`: `rp_id` and `origins` required, the rest defaulted; `null` turns passkeys off.
    private static func decodePasskeys(_ value: JSONValue) throws -> PasskeySettings? {
        if value == .null { return nil }
        guard case .object(let fields) = value else { throw LoadError(description: "passkeys must be an object") }
        let known: Set<String> = [
            "rp_id", "origins", "satisfies_second_factor", "max_per_user", "challenge_lifetime_seconds", "require_user_verification",
        ]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw LoadError(description: "unknown setting 'passkeys.\(unknown)'")
        }
        for required in ["rp_id", "origins"] where fields[required] == nil {
            throw LoadError(description: "passkeys.\(required) is required")
        }
        do {
            return try decoder.decode(PasskeySettings.self, from: JSONEncoder().encode(value))
        } catch {
            throw LoadError(description: "invalid passkeys: \(error)")
        }
    }

    /// `trusted_devices`: every field defaulted (`{}` turns them on); `null` turns them off.
    private static func decodeTrustedDevices(_ value: JSONValue) throws -> TrustedDeviceSettings? {
        if value == .null { return nil }
        guard case .object(let fields) = value else { throw LoadError(description: "trusted_devices must be an object") }
        let known: Set<String> = ["app_identifiers", "challenge_lifetime_seconds", "max_per_user"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw LoadError(description: "unknown setting 'trusted_devices.\(unknown)'")
        }
        do {
            return try decoder.decode(TrustedDeviceSettings.self, from: JSONEncoder().encode(value))
        } catch {
            throw LoadError(description: "invalid trusted_devices: \(error)")
        }
    }

    /// `identity_providers`: each provider checked against its own fields; `null` turns them off.
    private static func decodeIdentityProviders(_ value: JSONValue) throws -> IdentityProviderSettings? {
        if value == .null { return nil }
        guard case .object(let providers) = value else { throw LoadError(description: "identity_providers must be an object") }
        let known: Set<String> = ["client_id", "issuer", "jwks_url", "jwks", "test"]
        for (name, provider) in providers {
            guard IdentityTokenProvider(rawValue: name) != nil else {
                throw LoadError(description: "unknown identity provider '\(name)'; known: apple, google")
            }
            guard case .object(let fields) = provider else { throw LoadError(description: "identity_providers.\(name) must be an object") }
            if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
                throw LoadError(description: "unknown setting 'identity_providers.\(name).\(unknown)'")
            }
        }
        do {
            return try JSONDecoder().decode(IdentityProviderSettings.self, from: JSONEncoder().encode(value))
        } catch {
            throw LoadError(description: "invalid identity_providers: \(error)")
        }
    }

    /// The settings as the JSON a settings file holds.
    public static func encode(_ settings: InstanceSettings) throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard
            !settings.jwtTemplates.isEmpty || settings.identityProviders != nil || settings.oauthProviders != nil
                || settings.enterpriseConnections != nil,
            case .object(var object) = try JSONDecoder().decode(JSONValue.self, from: encoder.encode(settings))
        else { return try encoder.encode(settings) }
        // Claim names and JWK members exactly as configured, not snake_cased.
        object["jwt_templates"] = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(settings.jwtTemplates))
        if let providers = settings.identityProviders {
            object["identity_providers"] = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(providers))
        }
        if let providers = settings.oauthProviders {
            object["oauth_providers"] = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(providers))
        }
        if let connections = settings.enterpriseConnections {
            object["enterprise_connections"] = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(connections))
        }
        let plain = JSONEncoder()
        plain.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try plain.encode(JSONValue.object(object))
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// Overrides objects key by key; refuses keys the settings do not have, so a typo is an error
    /// rather than a silently ignored setting.
    private static func merge(_ base: JSONValue, _ override: JSONValue, path: String) throws -> JSONValue {
        guard case .object(var baseObject) = base, case .object(let overrideObject) = override else {
            return override
        }
        for (key, value) in overrideObject {
            let keyPath = path.isEmpty ? key : path + "." + key
            guard let existing = baseObject[key] else {
                throw LoadError(description: "unknown setting '\(keyPath)'")
            }
            baseObject[key] = try merge(existing, value, path: keyPath)
        }
        return .object(baseObject)
    }

    package static func validate(_ settings: InstanceSettings) throws {
        func require(_ condition: Bool, _ message: String) throws {
            if !condition { throw LoadError(description: message) }
        }
        try SettingsBounds.check(settings)
        try require(
            settings.emailAddress.enabled || settings.phoneNumber.enabled || settings.username.enabled,
            "at least one of email_address, phone_number and username must be enabled")
        // The range of each number is SettingsBounds'; what relates two settings is here.
        try require(
            settings.password.minLength <= settings.password.maxLength, "password.min_length cannot exceed password.max_length")
        try require(
            !settings.mfa.backupCodes || settings.mfa.phoneCode || settings.mfa.authenticatorApp,
            "mfa.backup_codes needs another second factor (phone_code or authenticator_app)")
        try require(
            !settings.mfa.phoneCode || settings.phoneNumber.enabled,
            "mfa.phone_code needs phone_number enabled")
        try require(
            !(settings.emailLink.signIn || settings.emailLink.verifyAtSignUp) || settings.emailAddress.enabled,
            "email_link needs email_address enabled")
        for entry in settings.allowedRedirectUrls {
            if let problem = RedirectURLRule.entryProblem(entry) { throw LoadError(description: "allowed_redirect_urls: \(entry) \(problem)") }
        }
        try JWTTemplate.validate(settings.jwtTemplates)
        for provider in settings.identityProviders?.enabled ?? [] {
            if let problem = settings.identityProviders?.config(for: provider)?.problem() {
                throw LoadError(description: "identity_providers.\(provider.rawValue): \(problem)")
            }
        }
        try validateOAuthProviders(settings)
        try validateEnterpriseConnections(settings)
        if let problem = settings.passkeys?.problem() { throw LoadError(description: "passkeys: \(problem)") }
        if let problem = settings.trustedDevices?.problem() { throw LoadError(description: "trusted_devices: \(problem)") }
        if let problem = settings.organizations.problem() { throw LoadError(description: "organizations: \(problem)") }
        if let providers = settings.identityProviders, !providers.enabled.isEmpty {
            try require(settings.emailAddress.enabled, "identity_providers needs email_address enabled (a token's user is found by email)")
        }
    }
}

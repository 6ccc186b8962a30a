import Foundation

/// Passkeys (WebAuthn) as a first factor and on the account. Settings files name it `passkeys`:
///
/// ```json
/// { "passkeys": { "rp_id": "localhost", "origins": ["http://localhost", "https://localhost"] } }
/// ```
///
/// `rp_id` is the relying party's id (a domain, or `localhost`); `origins` the exact origins a ceremony's
/// `clientDataJSON` may name, each on the RP ID or a subdomain of it.
public struct PasskeySettings: Codable, Sendable, Hashable {
    public var rpID: String
    public var origins: [String]
    /// A passkey sign-in skips the second factor (Clerk's `passkey_settings.satisfies_second_factor`, on by default).
    public var satisfiesSecondFactor: Bool
    /// Passkeys a user may have (Clerk's limit is 10).
    public var maxPerUser: Int
    /// How long a registration's or a sign-in's challenge can be answered.
    public var challengeLifetimeSeconds: Int
    /// The options ask `userVerification: "required"` and responses without the UV flag are refused; off, they
    /// ask `"preferred"` and accept user presence alone (authenticators without a PIN or biometrics).
    public var requireUserVerification: Bool

    public init(
        rpID: String = "localhost", origins: [String] = PasskeySettings.loopbackOrigins, satisfiesSecondFactor: Bool = true,
        maxPerUser: Int = 10, challengeLifetimeSeconds: Int = 300, requireUserVerification: Bool = true
    ) {
        self.rpID = rpID
        self.origins = origins
        self.satisfiesSecondFactor = satisfiesSecondFactor
        self.maxPerUser = maxPerUser
        self.challengeLifetimeSeconds = challengeLifetimeSeconds
        self.requireUserVerification = requireUserVerification
    }

    /// The preset's origins: `http://localhost`, which the examples' software authenticator and soft-webauthn
    /// name, and `https://localhost`, which Apple's platform authenticator names for the RP ID `localhost`.
    public static let loopbackOrigins = ["http://localhost", "https://localhost"]

    // `rpId` is what the snake_case strategy makes of `rp_id`.
    enum CodingKeys: String, CodingKey {
        case rpID = "rpId"
        case origins, satisfiesSecondFactor, maxPerUser, challengeLifetimeSeconds, requireUserVerification
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = PasskeySettings()
        rpID = try container.decode(String.self, forKey: .rpID)
        origins = try container.decode([String].self, forKey: .origins)
        satisfiesSecondFactor = try container.decodeIfPresent(Bool.self, forKey: .satisfiesSecondFactor) ?? defaults.satisfiesSecondFactor
        maxPerUser = try container.decodeIfPresent(Int.self, forKey: .maxPerUser) ?? defaults.maxPerUser
        challengeLifetimeSeconds =
            try container.decodeIfPresent(Int.self, forKey: .challengeLifetimeSeconds) ?? defaults.challengeLifetimeSeconds
        requireUserVerification =
            try container.decodeIfPresent(Bool.self, forKey: .requireUserVerification) ?? defaults.requireUserVerification
    }

    /// What the options ask of user verification.
    package var userVerification: UserVerificationRequirement { requireUserVerification ? .required : .preferred }

    /// The relying party these settings make.
    package func relyingParty(name: String) -> PasskeyRelyingParty {
        PasskeyRelyingParty(id: rpID, name: name, origins: origins)
    }

    /// The first reason these settings cannot make a relying party, nil when they can.
    package func problem() -> String? {
        let id = rpID
        guard !id.isEmpty, id == id.lowercased(), !id.contains(where: { ":/?#@ ".contains($0) }), !id.hasPrefix("."), !id.hasSuffix(".")
        else {
            return "rp_id \(id) is not a domain (a lowercase host name, no scheme, port or path)"
        }
        guard !origins.isEmpty else { return "origins is empty" }
        for origin in origins {
            guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
                url.path.isEmpty, url.query == nil, url.fragment == nil, origin == origin.lowercased()
            else {
                return "origin \(origin) is not an origin (scheme, host and port only, lowercase)"
            }
            guard scheme == "https" || (scheme == "http" && host == "localhost") else {
                return "origin \(origin) must be https (http only for localhost)"
            }
            guard host == id || host.hasSuffix("." + id) else {
                return "origin \(origin) is not on rp_id \(id) or a subdomain of it"
            }
        }
        guard (1...100).contains(maxPerUser) else { return "max_per_user must be between 1 and 100" }
        guard (30...3600).contains(challengeLifetimeSeconds) else { return "challenge_lifetime_seconds must be between 30 and 3600" }
        return nil
    }
}

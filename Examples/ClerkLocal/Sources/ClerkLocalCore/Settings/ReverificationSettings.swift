/// Session re-verification: changing the password, the authenticator app, backup codes, passkeys or a
/// phone number's second-factor use, adding or removing an email address or phone number, and starting,
/// redeeming or removing a provider connection need a verification of the session (its sign-in or a
/// re-verification) younger than `maxAgeSeconds`, at Clerk's `second_factor` level: of a second factor
/// when the user has one, else of a first factor. Otherwise the action answers 403
/// `session_reverification_required`.
public struct ReverificationSettings: Codable, Sendable, Hashable {
    public var maxAgeSeconds: Int

    public init(maxAgeSeconds: Int) {
        self.maxAgeSeconds = maxAgeSeconds
    }
}

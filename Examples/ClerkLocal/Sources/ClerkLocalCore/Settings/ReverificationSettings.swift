/// Session re-verification: changing the password, the authenticator app, backup codes, a phone
/// number used as a second factor, or removing an email address or phone number needs a
/// verification of the session (its sign-in or a re-verification) younger than `maxAgeSeconds`;
/// otherwise the action answers 403 `session_reverification_required`.
public struct ReverificationSettings: Codable, Sendable, Hashable {
    public var maxAgeSeconds: Int

    public init(maxAgeSeconds: Int) {
        self.maxAgeSeconds = maxAgeSeconds
    }
}

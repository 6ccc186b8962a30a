/// What users may do to their own account, as Clerk's environment carries it in
/// `user_settings.actions`. Settings files name it `actions`.
public struct AccountActionSettings: Codable, Sendable, Hashable {
    /// "Allow users to delete their accounts": `DELETE /v1/me` (Clerk's default: on).
    public var deleteSelf: Bool

    public init(deleteSelf: Bool = true) {
        self.deleteSelf = deleteSelf
    }
}

import Foundation

/// The one Frontend API operation whose aggregate the input does not name: an email link's token
/// may open a sign-in's or a sign-up's verification, so the store picks the rules.
extension FrontendStore {
    /// `GET /v1/verify`: opens the email link whose token this is, from the client `meta` names
    /// (none when a browser opens it); nil when the token opens no current verification.
    package func openEmailLink(_ meta: RequestMeta, token: String) -> LinkOpening? {
        switch self[rules: SignInRules.self].linkTarget(token: token) {
        case .signIn(let id, let stage)?: self[rules: SignInRules.self].openLink(meta, signInID: id, stage: stage)
        case .signUp(let id)?: self[rules: SignUpRules.self].openLink(meta, signUpID: id)
        case nil: nil
        }
    }
}

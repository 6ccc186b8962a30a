import ClerkAPI

extension IdentityTokenProvider {
    /// The provider of a browser sign-in's strategy (`oauth_google`, `oauth_apple`).
    package init?(oauthStrategy strategy: Strategy) {
        guard let provider = Self.allCases.first(where: { $0.oauthStrategy == strategy }) else { return nil }
        self = provider
    }

}
